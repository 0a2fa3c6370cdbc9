import type { DeliveryDetails } from "@domain/contracts/order-request";

/** What each part of the delivery step is given: the details so far, how to change them, what is missing. */
export interface DeliveryPart {
  details: DeliveryDetails;
  update(patch: Partial<DeliveryDetails>): void;
  invalid: ReadonlySet<string>;
}
