import { z } from "zod";
import { text } from "./text";
import { recordId } from "./catalog-common";
import { Product } from "./products";

const FreezerItem = z.object({
  PK_Products: z.number(),
  Name: text(),
  Quantity: text(),
  Type: z.enum(["KG", "UN", "PROMO"]),
});

export const VirtualFreezerResponse = z.object({
  client: z.object({ PK_Clients: z.number(), Name: text() }),
  products: z.array(Product),
  has_virtual_freezer: z.boolean(),
  cart: z.object({ items: z.array(FreezerItem) }),
});
export type VirtualFreezerResponse = z.infer<typeof VirtualFreezerResponse>;

const SaveFreezerItem = z.object({
  productId: recordId("Producto inválido."),
  units: z.union([z.number(), text()], { error: "Ingresá una cantidad válida." }),
  type: z.enum(["KG", "UN", "PROMO"], { error: "Tipo inválido." }),
});

export const SaveVirtualFreezerRequest = z.object({
  clientId: recordId(),
  has_virtual_freezer: z.boolean(),
  items: z.array(SaveFreezerItem).max(500).optional().default([]),
});
export type SaveVirtualFreezerRequest = z.infer<typeof SaveVirtualFreezerRequest>;

export const VirtualFreezerSaved = z.object({ success: z.literal(true), message: text() });
