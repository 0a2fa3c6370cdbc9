/**
 * How an order reaches the client, in a module with no zod: the wizard's store reads it, and
 * that store is on the web's first screen, which must not load zod (docs/decisions/home/0155-home-first-paint.md).
 */

/** SPEC.md §2 step 3: the two ways an order reaches the client. */
export const DELIVERY_METHODS = { home: "Entrega a domicilio", pickup: "Retirar del local" } as const;

/** A zone whose name contains 'busca' is a pick-up. */
export const isPickupZone = (zoneName: string) => zoneName.toLowerCase().includes("busca");
