/** Every cache key of the lots feature: a product's lots, the lots about to expire, a lot's trace. */
export const lotKeys = {
  all: ["lots"] as const,
  ofProduct: (productId: number) => ["lots", "product", productId] as const,
  expiring: (days: number) => ["lots", "expiring", days] as const,
  trace: (lotId: number) => ["lots", "trace", lotId] as const,
};
