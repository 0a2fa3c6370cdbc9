import { DAY_PLAN_MESSAGES } from "@domain/contracts/day-plan";
import { columnsOf } from "@domain/dispatch";
import { STATUS } from "@domain/order-status";
import type { Database } from "../../db/types";
import { Conflict, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import type { AuthenticatedUser } from "../auth";
import { appendCourierChanged, courierColumnsOf, lockBoard } from "../courier-stops";
import { boardFingerprint, toResponse } from "./compute";
import {
  allPlacements,
  courierLinkRows,
  findDayPlan,
  plannedOrders,
  updateDayPlan,
  writePlanPlacements,
} from "./repository";

/** Columns (prepared orders only, as the board shows them) for the boards' event. */
const columnsJson = (placements: { orderId: number; courier: number; position: number }[]) =>
  Object.fromEntries([...columnsOf(placements)].map(([c, ids]) => [String(c), ids]));

/**
 * Lays the plan on the board: each courier's trips in order in its column (the first trip on
 * top, the next ones queued under it), the date's orders it left out in Sin asignar. Refused
 * when the date's open orders or their placements changed since the plan read them.
 */
export const applyPlan = (db: Database, id: string, user: AuthenticatedUser) =>
  db.transaction(async (tx) => {
    await lockBoard(tx);
    const plan = await findDayPlan(tx, id);
    if (!plan) throw new NotFound(DAY_PLAN_MESSAGES.notFound);
    if (plan.status !== "ready") throw new Conflict(DAY_PLAN_MESSAGES.notReady);
    const rows = await plannedOrders(tx, plan.deliveryDate);
    if (plan.appliedAt || boardFingerprint(rows) !== plan.board) throw new Conflict(DAY_PLAN_MESSAGES.boardChanged);
    const { trips } = toResponse(plan);
    const ofDate = new Set(rows.map((r) => r.id));
    const stored = (await allPlacements(tx)).filter((p) => !ofDate.has(p.orderId));
    const columns = columnsOf(stored);
    const planned = new Set<number>();
    for (const column of await courierColumnsOf(tx)) {
      const ids = trips
        .filter((t) => t.column === column)
        .sort((a, b) => a.number - b.number)
        .flatMap((t) => t.stops.map((s) => s.order_id));
      for (const orderId of ids) planned.add(orderId);
      columns.set(column, [...ids, ...(columns.get(column) ?? [])]);
    }
    columns.set(0, [...(columns.get(0) ?? []), ...rows.filter((r) => !planned.has(r.id)).map((r) => r.id)]);
    const placements = [...columns].flatMap(([courier, ids]) =>
      ids.map((orderId, position) => ({ orderId, courier, position })),
    );
    await writePlanPlacements(tx, placements);
    await updateDayPlan(tx, id, { appliedAt: new Date() });
    // Each planned courier's phone reads its trips again (its queue of the day changed).
    const links = await courierLinkRows(tx);
    await appendCourierChanged(
      tx,
      links.filter((l) => trips.some((t) => t.column === l.column)).map((l) => l.userId),
      plan.deliveryDate,
      user.id,
    );
    const prepared = new Set(rows.filter((r) => r.statusId === STATUS.prepared).map((r) => r.id));
    await appendEvent(tx, {
      type: "dispatch.assignment_changed",
      actorId: user.id,
      data: {
        reset: true,
        delivery_date: plan.deliveryDate,
        columns: columnsJson(placements.filter((p) => prepared.has(p.orderId) || !ofDate.has(p.orderId))),
      },
    });
    return { success: true as const, message: DAY_PLAN_MESSAGES.applied };
  });
