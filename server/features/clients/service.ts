import type { Database } from "../../db/types";
import { clientDirectory } from "./directory";
import { createClientEdits } from "./edits";
import { createClientReads } from "./reads";

/** The clients feature's service, one object for its routes: the screens' reads, the edits, the phone's directory. */
export function createClientsService({ db }: { db: Database }) {
  return {
    ...createClientReads({ db }),
    ...createClientEdits({ db }),
    directory: (sellerId: number, now?: Date) => clientDirectory(db, sellerId, now),
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
