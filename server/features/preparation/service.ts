import type { PreparationBoard } from "../../../domain/contracts/boards";
import { preparationSummary } from "../../../domain/live-preparation";
import type { Point } from "../../../domain/routing";
import type { Database } from "../../db/types";
import { batchViews } from "./views";

export function createPreparationService({ db, depot }: { db: Database; depot: Point }) {
  return {
    async board(deliveryDate?: string): Promise<PreparationBoard> {
      const batches = await batchViews(db, depot, { deliveryDate });
      return { summary: preparationSummary(batches), batches };
    },
  };
}

export type PreparationService = ReturnType<typeof createPreparationService>;
