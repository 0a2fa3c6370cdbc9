import { cashDifference, isCashMethod } from "@domain/courier";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Executor } from "../../db/types";
import { appendEvent } from "../../realtime/outbox";
import * as repo from "./stops-repository";

/** The Cadete a column's route goes to; null when nobody (active) is linked to it. */
export const courierOfColumn = (tx: Executor, column: number) => repo.linkedUser(tx, column);

/** Called by 'Enviar ruta' inside its transaction: the stops of the sent route, in route order, go to the column's courier. */
export async function recordRoute(
  tx: Executor,
  column: number,
  userId: number,
  stops: { id: number; deliveryDate: string }[],
) {
  const payment = new Map(
    (
      await repo.paymentOf(
        tx,
        stops.map((s) => s.id),
      )
    ).map((p) => [p.orderId, p]),
  );
  await repo.insertStops(
    tx,
    stops.map((stop, position) => {
      const pay = payment.get(stop.id);
      return {
        orderId: stop.id,
        column,
        userId,
        deliveryDate: stop.deliveryDate,
        position,
        amountDue: pay && isCashMethod(pay.payMethod) ? pay.finalPrice : null,
      };
    }),
  );
}

/**
 * 'Entregado' from the board (the courier phoned in): the open stop closes as delivered, and
 * a cash stop counts as collected in full, since the office confirmed it.
 */
export async function closeFromBoard(tx: Executor, orderId: number, actorId: number) {
  const stop = await repo.lockOpenStop(tx, orderId);
  if (!stop) return null;
  await repo.closeStop(tx, stop.id, { state: "entregado", closedBy: actorId, amountReceived: stop.amountDue });
  return { ...stop, state: "entregado" as const, amountReceived: stop.amountDue };
}

type ClosedStop = Pick<
  repo.StopRow,
  "id" | "orderId" | "column" | "userId" | "deliveryDate" | "amountDue" | "amountReceived" | "reason"
> & { state: string };

/**
 * The events of a stop that closed, last in its transaction: the boards get the stop's state
 * and amounts; the courier's phone only learns that its stops changed, and re-reads them.
 */
export async function appendStopEvents(tx: Executor, stop: ClosedStop, actorId: number) {
  const due = stop.amountDue === null ? null : toCentavos(stop.amountDue);
  const received = stop.amountReceived === null ? null : toCentavos(stop.amountReceived);
  await appendEvent(tx, {
    type: "dispatch.stop_updated",
    actorId,
    orderId: stop.orderId,
    data: {
      stop_id: stop.id,
      order_id: stop.orderId,
      column: stop.column,
      state: stop.state,
      amount_due: stop.amountDue,
      amount_received: stop.amountReceived,
      difference: due !== null && received !== null ? centavosToDecimal(cashDifference(due, received)) : null,
      reason: stop.reason,
      delivery_date: stop.deliveryDate,
    },
  });
  if (stop.userId !== null) await appendCourierChanged(tx, [stop.userId], stop.deliveryDate, actorId);
}

export async function appendCourierChanged(
  tx: Executor,
  userIds: (number | null)[],
  deliveryDate: string | null,
  actorId: number,
) {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length)
    await appendEvent(tx, {
      type: "courier.stops_changed",
      actorId,
      data: { user_ids: ids, delivery_date: deliveryDate },
    });
}
