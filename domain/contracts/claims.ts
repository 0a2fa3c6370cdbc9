import { z } from "zod";
import { text } from "./text";
import { recordId, wholeNumber } from "./catalog-common";

/** SPEC.md §2 and §7: the product claim (3) is about one product and has its own table and call. */
export const CLAIM_TYPES = { bonus: 1, orderClaim: 2, productClaim: 3 } as const;
export const CLAIM_MESSAGES = {
  type: "Debe seleccionar un tipo de carga.",
  value: "Por favor, ingrese un valor para el reclamo.",
  product: "Debe seleccionar un producto.",
} as const;

const claimType = wholeNumber(1, CLAIM_TYPES.productClaim, CLAIM_MESSAGES.type);

export const ClaimQuery = z.object({ claimType });
export const ClaimParams = z.object({
  clientId: recordId(),
  productId: recordId().optional(),
});

export const ClaimValueResponse = z.object({ success: z.literal(true), claimValue: text() });
export type ClaimValueResponse = z.infer<typeof ClaimValueResponse>;

export const SaveClaimRequest = z.object({
  claimType: claimType.refine((t) => t !== CLAIM_TYPES.productClaim, CLAIM_MESSAGES.product),
  claimValue: text().trim().max(1000).optional().default(""),
});

export const SaveProductClaimRequest = z.object({
  claimType: claimType.refine((t) => t === CLAIM_TYPES.productClaim, CLAIM_MESSAGES.type),
  claimValue: text({ error: CLAIM_MESSAGES.value }).trim().min(1, CLAIM_MESSAGES.value).max(1000),
  product: recordId(CLAIM_MESSAGES.product),
});

export const ClaimSaved = z.object({ success: z.literal(true), message: text() });

const Item = z.object({ id: z.number(), description: text() });
export const ClientFullData = z.object({
  bonuses: z.array(Item),
  order_claims: z.array(Item),
  product_claims: z.array(Item.extend({ product_id: z.number(), product_name: text() })),
});
export type ClientFullData = z.infer<typeof ClientFullData>;
