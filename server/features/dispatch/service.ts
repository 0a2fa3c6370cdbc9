import type { Point } from "@domain/routing";
import type { Database } from "../../db/types";
import type { OrdersService } from "../orders";
import { createAssignments } from "./assignments";
import { createRouteSending } from "./sending";

/** The dispatch feature's service, one object for its routes: the board's assignments, and routes planned and sent. */
export function createDispatchService({ db, orders, depot }: { db: Database; orders: OrdersService; depot: Point }) {
  return { ...createAssignments({ db }), ...createRouteSending({ db, orders, depot }) };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
