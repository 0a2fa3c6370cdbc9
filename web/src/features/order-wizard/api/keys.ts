/** Query keys of the order wizard, from one place. */
export const wizardKeys = {
  all: ["order-wizard"] as const,
  clients: (search: string) => ["order-wizard", "clients", search] as const,
  client: (id: number) => ["order-wizard", "client", id] as const,
  /** Not a kept query: it has its own IndexedDB entry (get-client-directory.ts). */
  directory: ["order-wizard", "client-directory"] as const,
  products: ["order-wizard", "products"] as const,
  productSearch: (search: string) => ["order-wizard", "products", search] as const,
  lowStock: ["order-wizard", "low-stock"] as const,
  timeSlots: ["order-wizard", "time-slots"] as const,
  payMethods: ["order-wizard", "pay-methods"] as const,
  usualOrder: (orderId: number) => ["order-wizard", "usual-order", orderId] as const,
  productClaim: (clientId: number, productId: number) => ["order-wizard", "claims", clientId, productId] as const,
};
