import { z } from "zod";
import { text } from "./text";

/**
 * The client directory kept on the phone of everyone who takes orders (issue 38,
 * docs/decisions/clients/0166-client-directory.md): every active client's list fields, and for the clients the
 * seller sold to in the last 90 days their last order's lines. Rows are arrays, not objects: the
 * field names repeated 20,000 times were half the size.
 */

/** Bits of a client's `flags`. */
const DIRECTORY_FLAGS = { virtualFreezer: 1, riskZone: 2 } as const;

/** [id, name, phone, address, zone (shipment) id, city id, flags, latitude, longitude, last order date, last order id]. */
export const DirectoryClient = z.tuple([
  z.number(),
  text(),
  text(),
  text(),
  z.number().nullable(),
  z.number().nullable(),
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  text().nullable(),
  z.number().nullable(),
]);
export type DirectoryClient = z.infer<typeof DirectoryClient>;

/** [product id, type, amount, from the freezer]. */
export const DirectoryLine = z.tuple([z.number(), z.enum(["KG", "UN", "PROMO"]), text(), z.boolean()]);
export type DirectoryLine = z.infer<typeof DirectoryLine>;

/** A recent client's last order: [order id, time slot id, payment method id, lines]. */
export const DirectoryOrder = z.tuple([
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  z.array(DirectoryLine),
]);
export type DirectoryOrder = z.infer<typeof DirectoryOrder>;

export const ClientDirectory = z.object({
  /** When the server read it (ISO): the phone says how old what it shows is. */
  at: text(),
  clients: z.array(DirectoryClient),
  /** By client id, for the clients the seller sold to in the last 90 days. */
  orders: z.record(text(), DirectoryOrder),
});
export type ClientDirectory = z.infer<typeof ClientDirectory>;

/** A directory row read by name. */
export interface DirectoryEntry {
  id: number;
  name: string;
  phone: string;
  address: string;
  zone: number | null;
  city: number | null;
  virtualFreezer: boolean;
  riskZone: boolean;
  latitude: number | null;
  longitude: number | null;
  lastOrderDate: string | null;
  lastOrderId: number | null;
}

export function directoryEntry(row: DirectoryClient): DirectoryEntry {
  const [id, name, phone, address, zone, city, flags, latitude, longitude, lastOrderDate, lastOrderId] = row;
  return {
    id,
    name,
    phone,
    address,
    zone,
    city,
    virtualFreezer: (flags & DIRECTORY_FLAGS.virtualFreezer) !== 0,
    riskZone: (flags & DIRECTORY_FLAGS.riskZone) !== 0,
    latitude,
    longitude,
    lastOrderDate,
    lastOrderId,
  };
}
