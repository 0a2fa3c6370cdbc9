import type { ProductDeletedData, ProductUpdatedData } from "@domain/contracts/event-data";
import { pagingOf, type PageParams } from "@domain/contracts/paging";
import type { CreateProductRequest, UpdateProductRequest, UpdatePromotionRequest } from "@domain/contracts/products";
import { PRODUCT_MESSAGES } from "@domain/contracts/products";
import { DEFAULT_TOLERANCE_PCT } from "@domain/catch-weight";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import { parsePromotion } from "@domain/promotions";
import type { Database } from "../../db/types";
import { Invalid, NotFound } from "../../errors";
import { appendEvent } from "../../realtime/outbox";
import { recordAudit } from "../audit";
import * as repo from "./repository";
import { toProduct } from "./serialize";

const PRODUCT_NOT_FOUND = "El producto no existe o fue eliminado.";

const price = (n: number) => centavosToDecimal(toCentavos(n));
const kilos = (n: number) => gramsToDecimal(toGrams(n));
/** Hundredths of a percent, as the column keeps them ("2.50"). */
const tolerance = (n: number) => centavosToDecimal(toCentavos(n));

/** A product as the lists show it, stock aside (product.stock_changed carries that). */
function listedApartFromStock(row: repo.ProductRow) {
  const { Quantity: _stock, ...rest } = toProduct(row);
  return JSON.stringify(rest);
}

export function createProductsService({ db }: { db: Database }) {
  async function principalId(id: number, self?: number): Promise<number | null> {
    if (id === 0) return null;
    if (id === self || !(await repo.findProduct(db, id)))
      throw new Invalid(PRODUCT_MESSAGES.principal, { principalProductId: PRODUCT_MESSAGES.principal });
    return id;
  }

  async function promotionText(text: string, self: number): Promise<string> {
    const parsed = parsePromotion(text);
    if (!parsed.ok) throw new Invalid(parsed.message, { promotions: parsed.message });
    const found = await repo.existingIds(db, parsed.ids);
    const missing = parsed.ids.filter((id) => !found.has(id) || id === self);
    if (missing.length) {
      const message = `Los productos ${missing.join(", ")} no existen o no pueden formar parte de esta promoción.`;
      throw new Invalid(message, { promotions: message });
    }
    return parsed.text;
  }

  /**
   * Stock changes write product.stock_changed in the same transaction, and changes to what
   * the lists show besides the stock (name, price, weight…) product.updated with the product's
   * row, so every screen hears of them; stock and price changes by hand also leave an audit
   * record (who, before, after).
   */
  async function saveWithStockEvent(id: number, values: Parameters<typeof repo.updateProduct>[2], actorId: number) {
    const row = await db.transaction(async (tx) => {
      const before = await repo.findProduct(tx, id);
      if (!before) throw new NotFound(PRODUCT_NOT_FOUND);
      const after = await repo.updateProduct(tx, id, values);
      /** The audit record of one changed field, with the product's name on both sides. */
      const audit = (
        changed: NonNullable<typeof after>,
        action: "product.price" | "product.stock",
        field: "price" | "quantity",
      ) =>
        recordAudit(tx, {
          actorId,
          action,
          entity: "product",
          entityId: id,
          before: { name: before.name, [field]: before[field] },
          after: { name: changed.name, [field]: changed[field] },
        });
      if (after && after.price !== before.price) await audit(after, "product.price", "price");
      if (after && after.quantity !== before.quantity) {
        await audit(after, "product.stock", "quantity");
        await appendEvent(tx, {
          type: "product.stock_changed",
          actorId,
          data: { product_id: id, quantity: after.quantity, name: after.name },
        });
      }
      if (after && listedApartFromStock(after) !== listedApartFromStock(before)) {
        await appendEvent(tx, {
          type: "product.updated",
          actorId,
          data: { product: toProduct(after) } satisfies ProductUpdatedData,
        });
      }
      return after!;
    });
    return row;
  }

  return {
    async list(query: { search: string; filter: repo.ProductFilter; limit: number } & PageParams) {
      const paging = pagingOf(query);
      const [rows, count] = await Promise.all([
        repo.listProducts(db, { ...query, offset: paging.offset }),
        paging.withCount ? repo.countProducts(db, query) : undefined,
      ]);
      return { results: rows.map(toProduct), count };
    },

    async details(id: number) {
      const row = await repo.findProduct(db, id);
      if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
      return toProduct(row);
    },

    async create(input: CreateProductRequest) {
      const row = await repo.insertProduct(db, {
        name: input.name,
        quantity: kilos(input.quantity),
        price: price(input.price),
        unitWeight: kilos(input.unitWeight),
        ifWeight: input.isWeighted,
        principalProductId: await principalId(input.principalProductId),
        promotions: "0",
        requiresWeighing: input.requiresWeighing ?? false,
        weightTolerancePct: tolerance(input.weightTolerancePct ?? DEFAULT_TOLERANCE_PCT),
      });
      return { success: true as const, message: "Producto creado correctamente.", product: toProduct(row) };
    },

    async update(id: number, input: UpdateProductRequest | UpdatePromotionRequest, actorId: number) {
      const common = {
        name: input.name,
        quantity: kilos(input.quantity),
        price: price(input.price),
        unitWeight: kilos(input.unitWeight),
      };
      const values =
        "promotions" in input
          ? { ...common, promotions: await promotionText(input.promotions, id) }
          : {
              ...common,
              ifWeight: input.isWeighted,
              featured: input.isFeaturedProduct,
              principalProductId: await principalId(input.principalProductId, id),
              requiresWeighing: input.requiresWeighing,
              weightTolerancePct:
                input.weightTolerancePct === undefined ? undefined : tolerance(input.weightTolerancePct),
            };
      const row = await saveWithStockEvent(id, values, actorId);
      return { success: true as const, message: "Producto actualizado correctamente.", product: toProduct(row) };
    },

    async updateStock(id: number, quantity: number, actorId: number) {
      const row = await saveWithStockEvent(id, { quantity: kilos(quantity) }, actorId);
      return { success: true as const, message: "Stock actualizado correctamente.", product: toProduct(row) };
    },

    /** A product taken off sale leaves every open list, and marks the carts that hold it, through product.deleted. */
    async remove(id: number, actorId: number) {
      await db.transaction(async (tx) => {
        const deleted = await repo.softDeleteProduct(tx, id);
        if (!deleted) throw new NotFound(PRODUCT_NOT_FOUND);
        await recordAudit(tx, {
          actorId,
          action: "product.deleted",
          entity: "product",
          entityId: id,
          before: { name: deleted.name, quantity: deleted.quantity, price: deleted.price },
          after: null,
        });
        await appendEvent(tx, {
          type: "product.deleted",
          actorId,
          data: { product_id: id } satisfies ProductDeletedData,
        });
      });
      return { success: true as const, message: "Producto eliminado correctamente." };
    },

    mainProducts: (includeAll: boolean) => repo.listMainProducts(db, includeAll),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
