import { z } from "zod";
import { text } from "./text";
import { PageCount, PageQuery } from "./paging";
import { decimalInput, optionalRecordId } from "./catalog-common";

export const PRODUCT_MESSAGES = {
  name: "El nombre es obligatorio.",
  price: "Ingresá un precio válido (mayor o igual a 0).",
  quantity: "Ingresá una cantidad válida (mayor o igual a 0).",
  unitWeight: "Ingresá un peso por unidad válido (mayor o igual a 0).",
  stock: "Ingrese un valor de stock valido.",
  principal: "El producto principal no existe.",
  tolerance: "Ingresá una tolerancia de peso entre 0 y 100 %, con hasta 2 decimales.",
} as const;

const nonNegative = (message: string) => decimalInput(message).refine((n) => n >= 0 && n < 1e9, message);

/** A weight tolerance in %: 0 to 100, hundredths at most (the column's scale). */
const tolerancePct = decimalInput(PRODUCT_MESSAGES.tolerance).refine(
  (n) => n >= 0 && n <= 100 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
  PRODUCT_MESSAGES.tolerance,
);

const PRODUCT_FILTERS = ["", "destacados", "sin_stock", "principales", "secundarios", "bajo_stock"] as const;
/** SPEC.md §9: the wizard's side panel lists products under this stock (kg). */
export const LOW_STOCK_KG = 3;

export const ProductListQuery = z.object({
  search: text().trim().max(200).optional().default(""),
  filter: z.enum(PRODUCT_FILTERS).optional().default(""),
  limit: z.coerce.number().int().min(1).max(1000).optional().default(200),
  ...PageQuery,
});

export const Product = z.object({
  PK_Products: z.number(),
  Name: text(),
  Quantity: text(),
  Price: text(),
  Unit_Weight: text(),
  UnitWeight: text(),
  If_Weight: z.boolean(),
  Featured_Product: z.boolean(),
  Id_Principal_Product: z.number(),
  Promotions: text().nullable(),
  is_promotion: z.boolean(),
  /** Catch weight: its lines need the real weight at preparation. */
  Requires_Weighing: z.boolean(),
  Weight_Tolerance_Pct: text(),
});
export type Product = z.infer<typeof Product>;
export const ProductListResponse = z.object({ results: z.array(Product), ...PageCount });

const principal = optionalRecordId(PRODUCT_MESSAGES.principal, 0, 0);

export const CreateProductRequest = z.object({
  name: text({ error: PRODUCT_MESSAGES.name }).trim().min(1, PRODUCT_MESSAGES.name).max(200),
  quantity: nonNegative(PRODUCT_MESSAGES.quantity),
  price: nonNegative(PRODUCT_MESSAGES.price),
  unitWeight: nonNegative(PRODUCT_MESSAGES.unitWeight),
  isWeighted: z.boolean().optional().default(true),
  principalProductId: principal,
  /** Left out on an update, the product keeps what it had (false and 10 % for a new one). */
  requiresWeighing: z.boolean().optional(),
  weightTolerancePct: tolerancePct.optional(),
});
export type CreateProductRequest = z.infer<typeof CreateProductRequest>;

export const UpdateProductRequest = CreateProductRequest.extend({
  isFeaturedProduct: z.boolean().optional().default(false),
});
export type UpdateProductRequest = z.infer<typeof UpdateProductRequest>;

export const UpdatePromotionRequest = z.object({
  name: CreateProductRequest.shape.name,
  promotions: text().max(100),
  quantity: nonNegative(PRODUCT_MESSAGES.quantity),
  price: nonNegative(PRODUCT_MESSAGES.price),
  unitWeight: nonNegative(PRODUCT_MESSAGES.unitWeight),
});
export type UpdatePromotionRequest = z.infer<typeof UpdatePromotionRequest>;

/** The update call takes either payload; a `promotions` field means a promotion (SPEC.md §3). */
export const ProductUpdateBody = z.looseObject({});
export function parseProductUpdate(body: Record<string, unknown>): UpdateProductRequest | UpdatePromotionRequest {
  return "promotions" in body ? UpdatePromotionRequest.parse(body) : UpdateProductRequest.parse(body);
}

export const StockUpdateRequest = z.object({ Quantity: nonNegative(PRODUCT_MESSAGES.stock) });

export const MainProduct = z.object({ PK_Products: z.number(), Name: text() });
export const MainProductsQuery = z.object({ include_all: z.enum(["true", "false"]).optional() });

export const ProductSaved = z.object({ success: z.literal(true), message: text(), product: Product });
