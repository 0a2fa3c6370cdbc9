import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import { DAY_PLAN_MESSAGES, type DayPlanResponse } from "@domain/contracts/day-plan";
import { redisNamespaceOf } from "../../../server/config";
import { startBullWorkers } from "../../../server/jobs/bullmq";
import { jobContextFactory } from "../../../server/runtime";
import { PROCESSORS } from "../../../workers/registry";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate } from "../../helpers/boards";
import { signIn } from "../../helpers/factories";
import { openSocket, type TestSocket } from "../../helpers/socket";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let admin: ApiClient;
let socket: TestSocket;
let stopWorkers: () => Promise<void>;

beforeAll(async () => {
  // Production's parts: Postgres, Redis pub/sub and the BullMQ queue the plan's job runs on;
  // the API only enqueues, a worker (here in this process) computes.
  t = await createTestApp({ redis: true });
  stopWorkers = startBullWorkers(
    t.config.redisUrl!,
    redisNamespaceOf(t.databaseUrl),
    { "day-plans": PROCESSORS["day-plans"]! },
    jobContextFactory(t.config, t.runtime.database, t.runtime.bus),
  ).close;
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  const signed = await signIn(t, "Despachante");
  dispatcher = signed.client;
  admin = (await signIn(t, "Admin")).client;
  socket = await openSocket(baseUrl, { token: signed.access });
  await socket.waitFor((m) => m.type === "ready");
});
afterAll(async () => {
  socket.close();
  await stopWorkers();
  await t.close();
});

const detailOf = (response: { json(): unknown }) => (response.json() as { detail: string }).detail;

async function preparedOrder(date: string, at: { latitude: number; longitude: number } | null, time = 2) {
  const id = await confirmOrder(seller, { date, time, ...(at ?? {}) });
  // A delivery's coordinates are required when it is taken; older orders may lack them.
  if (!at)
    await t.runtime.database.db.execute(sql`update orders set latitude = null, longitude = null where id = ${id}`);
  expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  return id;
}

async function readyPlan(date: string, extra: Record<string, unknown> = {}) {
  const asked = await dispatcher.post("/api/dispatch/plans/", { delivery_date: date, ...extra });
  expect(asked.statusCode).toBe(202);
  const { id } = asked.json() as { id: string };
  await socket.waitFor(
    (m) => m.type === "event" && m.event.type === "dispatch.plan_ready" && m.event.data.id === id,
    20_000,
  );
  const plan = (await dispatcher.get(`/api/dispatch/plans/${id}/`)).json() as DayPlanResponse;
  expect(plan.status).toBe("ready");
  return plan;
}

describe("the fleet and the slots' hours", () => {
  it("answers the SPEC's three couriers with defaults and keeps what a partial change leaves out", async () => {
    const fleet = (await dispatcher.get("/api/dispatch/fleet/")).json();
    expect(fleet.couriers.map((c: { column: number; name: string }) => [c.column, c.name])).toEqual([
      [1, "Cadete 1"],
      [2, "Cadete 2"],
      [3, "Cadete 3"],
    ]);
    expect(fleet).toMatchObject({ speed_kmh: 25, service_minutes: 5 });
    expect(fleet.couriers[0]).toMatchObject({ max_stops: 3, shift_start: "08:00", shift_end: "20:00", user_id: null });

    const changed = await admin.put("/api/dispatch/fleet/", {
      couriers: [{ column: 2, capacity_kg: 80.5, shift_end: "18:30" }],
      speed_kmh: 30,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().couriers[1]).toMatchObject({
      column: 2,
      name: "Cadete 2",
      capacity_kg: 80.5,
      max_stops: 3,
      shift_start: "08:00",
      shift_end: "18:30",
    });
    expect((await dispatcher.get("/api/dispatch/fleet/")).json()).toMatchObject({ speed_kmh: 30, service_minutes: 5 });
  });

  it("links the Cadete a fleet entry names to its column", async () => {
    const cadete = await signIn(t, "Cadete");
    const saved = await dispatcher.put("/api/dispatch/fleet/", { couriers: [{ column: 3, user_id: cadete.id }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().couriers[2].user_id).toBe(cadete.id);
    const columns = (await dispatcher.get("/api/dispatch/couriers/")).json();
    expect(JSON.stringify(columns)).toContain(`"id":${cadete.id}`);
  });

  it("refuses a capacity of 0, no stops, a shift that ends before it starts and a speed out of range", async () => {
    const cases: [unknown, string][] = [
      [{ couriers: [{ column: 1, capacity_kg: 0 }] }, DAY_PLAN_MESSAGES.capacity],
      [{ couriers: [{ column: 1, capacity_kg: 5000.5 }] }, DAY_PLAN_MESSAGES.capacity],
      [{ couriers: [{ column: 1, max_stops: 0 }] }, DAY_PLAN_MESSAGES.stops],
      [{ couriers: [{ column: 1, shift_start: "19:00", shift_end: "09:00" }] }, DAY_PLAN_MESSAGES.shift],
      [{ couriers: [{ column: 1, shift_start: "21:00" }] }, DAY_PLAN_MESSAGES.shift],
      [{ couriers: [{ column: 1, shift_end: "24:00" }] }, DAY_PLAN_MESSAGES.time],
      [{ couriers: [{ column: 13, name: "Cadete 13" }] }, DAY_PLAN_MESSAGES.column],
      [{ couriers: [{ column: 0 }] }, DAY_PLAN_MESSAGES.column],
      [{ speed_kmh: 200 }, DAY_PLAN_MESSAGES.speed],
      [{ service_minutes: 61 }, DAY_PLAN_MESSAGES.service],
    ];
    for (const [body, message] of cases) {
      const response = await dispatcher.put("/api/dispatch/fleet/", body);
      expect([response.statusCode, detailOf(response)], JSON.stringify(body)).toEqual([
        400,
        expect.stringContaining(message),
      ]);
    }
    expect((await dispatcher.get("/api/dispatch/fleet/")).json().couriers[0].capacity_kg).toBe(150);
  });

  it("sets the slots' hours, both or neither, and refuses them out of order", async () => {
    const slots = (await dispatcher.get("/api/settings/time-slots/")).json().slots;
    expect(slots.map((s: { name: string }) => s.name)).toEqual(["Mañana", "Mediodía", "Tarde"]);
    const saved = await dispatcher.put("/api/settings/time-slots/", {
      slots: [
        { id: 2, start: "09:00", end: "12:00" },
        { id: 3, start: null, end: null },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().slots.slice(0, 2)).toEqual([
      { id: 2, name: "Mañana", start: "09:00", end: "12:00" },
      { id: 3, name: "Mediodía", start: null, end: null },
    ]);
    for (const slot of [
      { id: 4, start: "19:00", end: "15:00" },
      { id: 4, start: "15:00", end: null },
    ]) {
      const refused = await dispatcher.put("/api/settings/time-slots/", { slots: [slot] });
      expect([refused.statusCode, detailOf(refused)]).toEqual([
        400,
        expect.stringContaining(DAY_PLAN_MESSAGES.slotHours),
      ]);
    }
    const unknown = await dispatcher.put("/api/settings/time-slots/", { slots: [{ id: 99, start: null, end: null }] });
    expect([unknown.statusCode, detailOf(unknown)]).toEqual([400, DAY_PLAN_MESSAGES.slot]);
    expect((await dispatcher.get("/api/settings/time-slots/")).json().slots[2]).toMatchObject({
      start: null,
      end: null,
    });
  });

  it("is for the office's dispatchers only", async () => {
    for (const group of ["Vendedor", "Preparador", "Cadete"] as const) {
      const { client } = await signIn(t, group);
      expect((await client.get("/api/dispatch/fleet/")).statusCode).toBe(403);
      expect((await client.put("/api/settings/time-slots/", { slots: [] })).statusCode).toBe(403);
      expect((await client.post("/api/dispatch/plans/", { delivery_date: freshDate() })).statusCode).toBe(403);
    }
  });
});

describe("the day's plan", () => {
  it("plans the date's open orders on the workers, says why one is left out, and lays the trips on the board", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const a = await preparedOrder(date, { latitude: lat + 0.01, longitude: lng });
    const b = await preparedOrder(date, { latitude: lat + 0.012, longitude: lng + 0.002 });
    const c = await preparedOrder(date, { latitude: lat - 0.02, longitude: lng - 0.01 });
    const confirmed = await confirmOrder(seller, { date, latitude: lat - 0.021, longitude: lng - 0.011 });
    const lost = await preparedOrder(date, null);

    const plan = await readyPlan(date);
    expect(plan).toMatchObject({ delivery_date: date, applied: false });
    expect(plan.unassigned).toEqual([expect.objectContaining({ order_id: lost, reason: "sin coordenadas" })]);
    expect(plan.depot).toEqual({ lat, lng });
    // Each stop says whose it is and where, for the plan's map and list.
    const first = plan.trips.flatMap((trip) => trip.stops).find((stop) => stop.order_id === a)!;
    expect(first).toMatchObject({ lat: lat + 0.01, lng, client_name: expect.any(String), address: expect.any(String) });
    const planned = plan.trips.flatMap((trip) => trip.stops.map((s) => s.order_id)).sort((x, y) => x - y);
    expect(planned).toEqual([a, b, c, confirmed].sort((x, y) => x - y));
    for (const trip of plan.trips) {
      expect(trip.stops.length).toBeLessThanOrEqual(3);
      expect(trip.depart <= trip.stops[0]!.eta && trip.stops.at(-1)!.eta <= trip.return).toBe(true);
    }
    expect(plan.distance_m).toBe(plan.trips.reduce((s, trip) => s + trip.distance_m, 0));
    expect(plan.solve_ms).toBeGreaterThanOrEqual(0);

    const applied = await dispatcher.post(`/api/dispatch/plans/${plan.id}/apply/`);
    expect([applied.statusCode, applied.json().message]).toEqual([200, DAY_PLAN_MESSAGES.applied]);
    const board = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;
    for (const trip of plan.trips)
      for (const stop of trip.stops.filter((s) => s.order_id !== confirmed))
        expect(board.cards.find((card) => card.PK_Orders === stop.order_id)?.courier).toBe(trip.column);
    expect(board.cards.find((card) => card.PK_Orders === lost)?.courier).toBe(0);
    // Each courier's trips one under the other: the first trip's stops on top of its column.
    for (const column of [1, 2, 3]) {
      const expected = plan.trips
        .filter((trip) => trip.column === column)
        .flatMap((trip) => trip.stops.map((s) => s.order_id))
        .filter((id) => id !== confirmed);
      const shown = board.cards
        .filter((card) => card.courier === column)
        .sort((x, y) => x.position - y.position)
        .map((card) => card.PK_Orders);
      expect(shown).toEqual(expected);
    }
    const applied2 = (await dispatcher.get(`/api/dispatch/plans/?delivery_date=${date}`)).json();
    expect(applied2.plan).toMatchObject({ id: plan.id, applied: true });
    expect((await dispatcher.get(`/api/dispatch/plans/?delivery_date=${freshDate()}`)).json()).toEqual({ plan: null });
    const again = await dispatcher.post(`/api/dispatch/plans/${plan.id}/apply/`);
    expect([again.statusCode, detailOf(again)]).toEqual([409, DAY_PLAN_MESSAGES.boardChanged]);
  });

  it("refuses to apply a plan once the board changed since it was computed", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const a = await preparedOrder(date, { latitude: lat + 0.01, longitude: lng });
    const plan = await readyPlan(date);
    expect((await dispatcher.post("/api/dispatch/assign/", { order_id: a, courier: 2, version: 0 })).statusCode).toBe(
      200,
    );
    const refused = await dispatcher.post(`/api/dispatch/plans/${plan.id}/apply/`);
    expect([refused.statusCode, detailOf(refused)]).toEqual([409, DAY_PLAN_MESSAGES.boardChanged]);
  });

  it("keeps an order pinned to a courier and a locked trip as the dispatcher left them", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const a = await preparedOrder(date, { latitude: lat + 0.01, longitude: lng });
    const b = await preparedOrder(date, { latitude: lat + 0.011, longitude: lng });
    const c = await preparedOrder(date, { latitude: lat + 0.012, longitude: lng });
    const plan = await readyPlan(date, {
      pins: [{ order_id: a, column: 3, trip: null }],
      locked: [{ column: 1, order_ids: [c, b] }],
    });
    const tripOf = (id: number) => plan.trips.find((trip) => trip.stops.some((s) => s.order_id === id))!;
    expect(tripOf(a).column).toBe(3);
    expect(tripOf(b)).toMatchObject({ column: 1, stops: [{ order_id: c }, { order_id: b }] });
  });

  it("keeps orders pinned into one trip of a courier riding together, apart from what the distance alone would do", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    // Three orders close together to the north fill a trip of three; one to the south rides alone.
    const north: number[] = [];
    for (const d of [0.02, 0.021, 0.022]) north.push(await preparedOrder(date, { latitude: lat + d, longitude: lng }));
    const south = await preparedOrder(date, { latitude: lat - 0.02, longitude: lng });
    const tripIn = (p: DayPlanResponse, id: number) =>
      p.trips.find((trip) => trip.stops.some((s) => s.order_id === id))!;
    const free = await readyPlan(date);
    expect(tripIn(free, north[0]!)).not.toBe(tripIn(free, south));
    const pinned = await readyPlan(date, {
      pins: [
        { order_id: north[0], column: 2, trip: 1 },
        { order_id: south, column: 2, trip: 1 },
      ],
    });
    const together = tripIn(pinned, south);
    expect(together.column).toBe(2);
    expect(together.stops.map((s) => s.order_id)).toEqual(expect.arrayContaining([north[0], south]));
    expect(pinned.unassigned).toEqual([]);
  });

  it("answers 400 to a malformed date or one outside 1900–2100, and 404 to an unknown plan", async () => {
    for (const delivery_date of ["2026-13-01", "1899-12-31", "2101-01-01", "mañana"]) {
      const response = await dispatcher.post("/api/dispatch/plans/", { delivery_date });
      expect(response.statusCode, delivery_date).toBe(400);
      expect(detailOf(response)).toMatch(/fecha/i);
    }
    const missing = await dispatcher.get("/api/dispatch/plans/00000000-0000-4000-8000-000000000000/");
    expect([missing.statusCode, detailOf(missing)]).toEqual([404, DAY_PLAN_MESSAGES.notFound]);
    expect((await dispatcher.get("/api/dispatch/plans/nada/")).statusCode).toBe(400);
  });
});

describe("a fleet of more than three couriers (up to 12)", () => {
  it("adds a 4th courier: a new board column a plan fills, whose Cadete's phone reads its trips in order", async () => {
    const cadete = await signIn(t, "Cadete");
    const added = await dispatcher.put("/api/dispatch/fleet/", {
      couriers: [{ column: 4, name: "Moto 4", capacity_kg: 60, user_id: cadete.id }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().couriers.at(-1)).toEqual({
      column: 4,
      name: "Moto 4",
      user_id: cadete.id,
      capacity_kg: 60,
      max_stops: 3,
      shift_start: "08:00",
      shift_end: "20:00",
    });
    // Every dispatch board hears of the new column.
    await socket.waitFor(
      (m) => m.type === "event" && m.event.type === "dispatch.courier_linked" && m.event.data.column === 4,
    );
    const columns = (await dispatcher.get("/api/dispatch/couriers/")).json() as {
      couriers: { column: number; user: { id: number } | null }[];
    };
    expect(columns.couriers.map((c) => c.column)).toEqual([1, 2, 3, 4]);
    expect(columns.couriers.at(-1)!.user?.id).toBe(cadete.id);

    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) ids.push(await preparedOrder(date, { latitude: lat + 0.01 * i, longitude: lng }));
    // Four orders pinned to the new courier: two trips of at most three stops, one after the other.
    const plan = await readyPlan(date, { pins: ids.map((order_id) => ({ order_id, column: 4, trip: null })) });
    const own = plan.trips.filter((trip) => trip.column === 4);
    expect(own.map((trip) => trip.number)).toEqual([1, 2]);
    expect(own[0]!.return <= own[1]!.depart).toBe(true);
    expect((await dispatcher.post(`/api/dispatch/plans/${plan.id}/apply/`)).statusCode).toBe(200);
    const board = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;
    expect(
      board.cards
        .filter((card) => card.courier === 4)
        .sort((x, y) => x.position - y.position)
        .map((card) => card.PK_Orders),
    ).toEqual(own.flatMap((trip) => trip.stops.map((s) => s.order_id)));

    // The courier's phone: today's trips in order, each with its stops and their times, before any is sent.
    const route = (await cadete.client.get(`/api/courier/route/?delivery_date=${date}`)).json() as {
      stops: unknown[];
      trips: DayPlanResponse["trips"];
    };
    expect(route.stops).toEqual([]);
    expect(route.trips.map((trip) => [trip.number, trip.stops.map((s) => [s.order_id, s.eta])])).toEqual(
      own.map((trip) => [trip.number, trip.stops.map((s) => [s.order_id, s.eta])]),
    );
    // 'Enviar ruta' from the new column sends its first trip to the linked Cadete.
    const first = own[0]!.stops.map((s) => s.order_id);
    const sent = await dispatcher.post("/api/dispatch/send-route/", { courier: 4, order_ids: first });
    expect(sent.statusCode).toBe(200);
    const after = (await cadete.client.get(`/api/courier/route/?delivery_date=${date}`)).json() as {
      stops: { order_id: number }[];
    };
    expect(after.stops.map((s) => s.order_id).sort()).toEqual([...first].sort());
  });

  it("refuses a column the fleet does not have, on the board, the route sheet and the link", async () => {
    const date = freshDate();
    const { lat, lng } = t.config.depot;
    const id = await preparedOrder(date, { latitude: lat + 0.01, longitude: lng });
    for (const response of [
      await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 9, version: 0 }),
      await dispatcher.get("/api/dispatch/route-sheet/?column=9"),
      await dispatcher.post("/api/dispatch/couriers/", { column: 9, user_id: null }),
      await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 13, version: 0 }),
    ])
      expect([response.statusCode, detailOf(response)]).toEqual([400, expect.stringContaining("Cadete inexistente.")]);
  });
});

describe("the day's plan, embedded", () => {
  // PGlite migrates and seeds in the hook, whose bound is the hook timeout, not the test's.
  let embedded: TestApp;
  let embeddedUrl: string;
  beforeAll(async () => {
    embedded = await createTestApp({ embedded: true });
    embeddedUrl = await embedded.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => embedded.close());

  it("is computed by the in-process queue on PGlite, as `npm start` runs", async () => {
    const signed = await signIn(embedded, "Despachante");
    const office = signed.client;
    const vendor = (await signIn(embedded, "Vendedor")).client;
    const boardSocket = await openSocket(embeddedUrl, { token: signed.access });
    try {
      await boardSocket.waitFor((m) => m.type === "ready");
      const date = freshDate();
      const id = await confirmOrder(vendor, { date, latitude: -34.7, longitude: -58.25 });
      const asked = await office.post("/api/dispatch/plans/", { delivery_date: date });
      expect(asked.statusCode).toBe(202);
      const planId = (asked.json() as { id: string }).id;
      await boardSocket.waitFor(
        (m) => m.type === "event" && m.event.type === "dispatch.plan_ready" && m.event.data.id === planId,
        20_000,
      );
      const plan = (await office.get(`/api/dispatch/plans/${planId}/`)).json() as DayPlanResponse;
      expect(plan).toMatchObject({
        status: "ready",
        unassigned: [],
        trips: [{ column: 1, number: 1, stops: [{ order_id: id }] }],
      });
    } finally {
      boardSocket.close();
    }
  });
});
