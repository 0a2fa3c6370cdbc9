import type { CourierStop } from "@domain/contracts/courier";
import { cashDifference, directionsUrl, type StopState, telNumber, whatsappNumber } from "@domain/courier";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { CourierStopRow } from "./repository";

/** How a stop reads on the courier's phone and the office's sheet and columns. */

export const dec = (value: string | null) => (value === null ? null : centavosToDecimal(toCentavos(value)));
export const differenceOf = (due: string | null, received: string | null) =>
  due === null || received === null ? null : centavosToDecimal(cashDifference(toCentavos(due), toCentavos(received)));
const num = (value: string | null) => (value === null ? null : Number(value));

export function toCourierStop(row: CourierStopRow, index: number, userId: number): CourierStop {
  const latitude = num(row.latitude);
  const longitude = num(row.longitude);
  return {
    stop_id: row.id,
    order_id: row.orderId,
    position: index + 1,
    state: row.state as StopState,
    client_name: row.clientName,
    address: row.address,
    city: row.city,
    latitude,
    longitude,
    time_slot: row.timeSlot,
    pay_method: row.payMethod,
    is_cash: row.amountDue !== null,
    Final_Price: dec(row.finalPrice)!,
    item_count: row.itemCount,
    total_weight: row.totalWeight,
    notes: row.notes,
    phone: telNumber(row.phone),
    whatsapp: whatsappNumber(row.phone),
    directions_url: directionsUrl({ latitude, longitude, address: row.address, city: row.city }),
    amount_received: dec(row.amountReceived),
    difference: differenceOf(row.amountDue, row.amountReceived),
    reason: row.reason,
    reason_text: row.reasonText,
    has_photo: !!row.photo,
    temperature_c: row.temperatureC === null ? null : Number(row.temperatureC),
    temperature_note: row.temperatureNote,
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by_me: row.closedBy === userId,
  };
}

/** A stop as the cash totals count it (domain/courier.ts `cashTotals`). */
export const cashStop = (
  courierId: number | null,
  stop: { state: string; amountDue: string | null; amountReceived: string | null },
) => ({
  courierId,
  state: stop.state as StopState,
  due: stop.amountDue === null ? null : toCentavos(stop.amountDue),
  received: stop.amountReceived === null ? null : toCentavos(stop.amountReceived),
});
