import type { PlanTrip } from "@domain/contracts/day-plan";
import type { Database } from "../../db/types";
import type { OrdersService } from "../orders";
import { createOfficeService } from "./office-service";
import { createPhoneService } from "./phone-service";
import { createProofPhotos } from "./proof-photos";

/** The courier feature's service, one object for its routes: the phone's, the office's and the proof photos. */
export function createCourierService({
  db,
  orders,
  uploadsDir,
  plannedTrips,
}: {
  db: Database;
  orders: OrdersService;
  uploadsDir: string;
  /** The trips of a column in the date's applied day plan (the day-plan feature's). */
  plannedTrips(deliveryDate: string, column: number): Promise<PlanTrip[]>;
}) {
  const proofs = createProofPhotos({ db, uploadsDir });
  return {
    ...createPhoneService({ db, orders, proofs, plannedTrips }),
    ...createOfficeService({ db }),
    photo: proofs.photo,
  };
}

export type CourierService = ReturnType<typeof createCourierService>;
