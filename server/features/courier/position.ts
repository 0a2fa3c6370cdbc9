import { COURIER_MESSAGES, type PositionRequest } from "@domain/contracts/courier";
import { POSITION_INTERVAL_MS } from "@domain/courier";
import type { Database } from "../../db/types";
import { Conflict } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import * as repo from "./repository";

/** The phone's position, only while a route is open; a fix sooner than 30 s after the last is acknowledged, not kept. */
export async function storePosition(db: Database, user: AuthenticatedUser, request: PositionRequest, now = new Date()) {
  if (!(await repo.hasOpenStops(db, user.id))) throw new Conflict(COURIER_MESSAGES.noRoute);
  const last = await repo.lastPosition(db, user.id);
  // 5 s of slack: the phone's timer and the network jitter.
  if (last && now.getTime() - last.at.getTime() < POSITION_INTERVAL_MS - 5_000)
    return { success: true as const, stored: false };
  const position = {
    userId: user.id,
    latitude: request.latitude.toFixed(6),
    longitude: request.longitude.toFixed(6),
    accuracy: request.accuracy,
    at: now,
  };
  await db.transaction(async (tx) => {
    await repo.writePosition(tx, position);
    const column = (await repo.links(tx)).find((l) => l.userId === user.id)?.column ?? null;
    await appendEvent(tx, {
      type: "dispatch.courier_position",
      actorId: user.id,
      data: {
        user_id: user.id,
        column,
        latitude: request.latitude,
        longitude: request.longitude,
        accuracy: request.accuracy,
        at: now.toISOString(),
      },
    });
  });
  return { success: true as const, stored: true };
}
