import type { SaveVirtualFreezerRequest, VirtualFreezerResponse } from "@domain/contracts/virtual-freezer";
import { typeRefusal } from "@domain/cart";
import { gramsToDecimal } from "@domain/money";
import { parseQuantity } from "@domain/quantity";
import type { Database } from "../../db/types";
import { Invalid, NotFound } from "../../errors";
import { findClient } from "../clients";
import { CLIENT_NOT_FOUND } from "../clients";
import { listProducts, saleTypes } from "../products";
import { toProduct } from "../products";
import { recordAudit } from "../audit";
import * as repo from "./repository";

const CATALOG_LIMIT = 500;

export function createVirtualFreezerService({ db }: { db: Database }) {
  return {
    async read(clientId: number): Promise<VirtualFreezerResponse> {
      const found = await findClient(db, clientId);
      if (!found) throw new NotFound(CLIENT_NOT_FOUND);
      const [items, catalog] = await Promise.all([
        repo.freezerItems(db, clientId),
        listProducts(db, { search: "", filter: "", limit: CATALOG_LIMIT }),
      ]);
      return {
        client: { PK_Clients: found.client.id, Name: found.client.name },
        products: catalog.map(toProduct),
        has_virtual_freezer: found.client.hasVirtualFreezer,
        cart: {
          items: items.map((i) => ({
            PK_Products: i.productId,
            Name: i.name,
            Quantity: i.quantity,
            Type: i.type as "KG" | "UN" | "PROMO",
          })),
        },
      };
    },

    /**
     * Replaces the freezer whole, or not at all: one bad line and nothing changes. Freezer
     * lines are sold at $0, so every change by hand is audited with who, before and after.
     */
    async save(request: SaveVirtualFreezerRequest, actorId: number) {
      const errors: Record<string, string> = {};
      const lines = new Map<number, { productId: number; quantity: string; type: string }>();
      request.items.forEach((item, index) => {
        const parsed = parseQuantity(item.units, item.type);
        if (!parsed.ok) {
          errors[`items.${index}.units`] = parsed.message;
          return;
        }
        if (lines.has(item.productId)) {
          errors[`items.${index}.productId`] = "El producto está repetido en el freezer.";
          return;
        }
        if (parsed.milliUnits > 0)
          lines.set(item.productId, {
            productId: item.productId,
            quantity: gramsToDecimal(parsed.milliUnits),
            type: item.type,
          });
      });
      const known = await saleTypes(db, [...lines.keys()]);
      for (const [index, item] of request.items.entries()) {
        if (!lines.has(item.productId)) continue;
        const product = known.get(item.productId);
        if (!product) {
          errors[`items.${index}.productId`] = "El producto no existe.";
          continue;
        }
        // SPEC.md §5: the type the wizard would refuse is refused here, not at the order's confirmation.
        const refusal = typeRefusal(item.type, product);
        if (refusal) errors[`items.${index}.type`] = refusal;
      }
      const first = Object.values(errors)[0];
      if (first) throw new Invalid(first, errors);

      await db.transaction(async (tx) => {
        const before = await repo.lockFreezer(tx, request.clientId);
        if (!before) throw new NotFound(CLIENT_NOT_FOUND);
        await repo.setFreezerFlag(tx, request.clientId, request.has_virtual_freezer);
        // Switching the freezer off keeps the balance: the goods are still the client's.
        if (request.has_virtual_freezer) await repo.replaceFreezerItems(tx, request.clientId, [...lines.values()]);
        const after = await repo.lockFreezer(tx, request.clientId);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordAudit(tx, {
            actorId,
            action: "freezer.balance",
            entity: "client",
            entityId: request.clientId,
            before,
            after,
          });
        }
      });
      return { success: true as const, message: "Freezer virtual guardado con éxito." };
    },
  };
}

export type VirtualFreezerService = ReturnType<typeof createVirtualFreezerService>;
