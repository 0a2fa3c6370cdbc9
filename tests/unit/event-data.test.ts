import { describe, expect, it } from "vitest";
import { EVENT_DATA, readEventData } from "@domain/contracts/event-data";
import { DURABLE_EVENT_TYPES } from "@domain/contracts/events";

describe("EVENT_DATA", () => {
  it("holds a data schema for every durable event type, and for nothing else", () => {
    for (const type of DURABLE_EVENT_TYPES) expect(EVENT_DATA[type], type).toBeDefined();
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...DURABLE_EVENT_TYPES].sort());
  });

  it("reads an event's data as its type says, and nothing from another type or an older shape", () => {
    const event = { type: "user.group_changed", data: { user_id: 4, group: "Admin" } };
    expect(readEventData(event, "user.group_changed")).toEqual({ user_id: 4, group: "Admin" });
    expect(readEventData(event, "user.deactivated", "user.group_changed")).toEqual({ user_id: 4, group: "Admin" });
    expect(readEventData(event, "user.deactivated")).toBeNull();
    expect(readEventData({ ...event, data: { user_id: "4" } }, "user.group_changed")).toBeNull();
  });
});
