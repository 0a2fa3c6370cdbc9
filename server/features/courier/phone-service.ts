import { todayInBuenosAires } from "@domain/calendar";
import type { CourierRoute, PositionRequest } from "@domain/contracts/courier";
import type { PlanTrip } from "@domain/contracts/day-plan";
import { cashTotals, progressOf, routeOrder } from "@domain/courier";
import { centavosToDecimal } from "@domain/money";
import type { Database } from "../../db/types";
import type { AuthenticatedUser } from "../auth";
import type { OrdersService } from "../orders";
import { readColdChain } from "../settings";
import { storePosition } from "./position";
import type { ProofPhotos } from "./proof-photos";
import * as repo from "./repository";
import { createStopMarks } from "./stop-marks";
import { cashStop, toCourierStop } from "./stop-view";
import { createUndoMark } from "./undo-mark";

/** What the Cadete's phone does: read the day's route, mark stops, undo a mark, send its position. */
export function createPhoneService({
  db,
  orders,
  proofs,
  plannedTrips,
}: {
  db: Database;
  orders: OrdersService;
  proofs: ProofPhotos;
  /** The trips of a column in the date's applied day plan (the day-plan feature's). */
  plannedTrips(deliveryDate: string, column: number): Promise<PlanTrip[]>;
}) {
  return {
    async route(user: AuthenticatedUser, deliveryDate = todayInBuenosAires()): Promise<CourierRoute> {
      const [found, coldChain, links] = await Promise.all([
        repo.courierStopRows(db, { userId: user.id, deliveryDate }),
        readColdChain(db),
        repo.links(db),
      ]);
      const column = links.find((l) => l.userId === user.id)?.column;
      const trips = column === undefined ? [] : await plannedTrips(deliveryDate, column);
      const rows = routeOrder(found);
      const stops = rows.map((row, index) => toCourierStop(row, index, user.id));
      const cash = cashTotals(rows.map((r) => cashStop(user.id, r)));
      return {
        delivery_date: deliveryDate,
        stops,
        progress: progressOf(stops.map((s) => s.state)),
        cold_chain: coldChain,
        trips,
        cash: {
          due: centavosToDecimal(cash.due),
          received: centavosToDecimal(cash.received),
          difference: centavosToDecimal(cash.difference),
        },
      };
    },

    ...createStopMarks({ db, orders, proofs }),
    ...createUndoMark({ db, orders, proofs }),

    position: (user: AuthenticatedUser, request: PositionRequest, now?: Date) => storePosition(db, user, request, now),
  };
}
