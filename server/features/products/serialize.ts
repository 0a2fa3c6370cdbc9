import type { Product } from "@domain/contracts/products";
import { isPromotion } from "@domain/promotions";
import type { ProductRow } from "./repository";

/** Wire names of SPEC.md §3; the unit weight goes out under both spellings the spec shows. */
export function toProduct(row: ProductRow): Product {
  return {
    PK_Products: row.id,
    Name: row.name,
    Quantity: row.quantity,
    Price: row.price,
    Unit_Weight: row.unitWeight,
    UnitWeight: row.unitWeight,
    If_Weight: row.ifWeight,
    Featured_Product: row.featured,
    Id_Principal_Product: row.principalProductId ?? 0,
    Promotions: row.promotions,
    is_promotion: isPromotion(row.promotions),
    Requires_Weighing: row.requiresWeighing,
    Weight_Tolerance_Pct: row.weightTolerancePct,
  };
}
