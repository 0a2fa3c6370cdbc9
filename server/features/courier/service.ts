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
}: {
  db: Database;
  orders: OrdersService;
  uploadsDir: string;
}) {
  const proofs = createProofPhotos({ db, uploadsDir });
  return { ...createPhoneService({ db, orders, proofs }), ...createOfficeService({ db }), photo: proofs.photo };
}

export type CourierService = ReturnType<typeof createCourierService>;
