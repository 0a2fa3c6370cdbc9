import { addDays, daysEndingOn, todayInBuenosAires } from "@domain/calendar";
import { SALES_CHART_DAYS, type DailySales, type HomeFigures, type HomeFigureSet } from "@domain/contracts/home";
import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import { PREPARATION_STATUSES, STATUS } from "@domain/order-status";
import { can } from "@domain/permissions";
import type { Database } from "../../db/types";
import type { AuthenticatedUser } from "../auth";
import { batchesLeftOn, ordersDueOn, statusCountsOn, stopCountsOn } from "./day-figures-repository";
import * as repo from "./repository";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Exact to the centavo whatever Postgres's numeric text looks like ("0", "12.5"). */
const exact = (value: string) => centavosToDecimal(toCentavos(value));

/** Each group's day, as issue 16 §2 lists it; `now` is the clock, so a test can name the hour. */
export function createHomeService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  /** A Vendedor's own orders; a group with home.all_sellers sees everyone's. */
  const sellerOf = (user: AuthenticatedUser) => (can(user.group, "home.all_sellers") ? null : user.id);

  async function sales(user: AuthenticatedUser, today: string): Promise<HomeFigureSet> {
    const at = now();
    const row = await repo.salesOfToday(
      db,
      {
        today,
        tomorrow: addDays(today, 1),
        lastWeek: addDays(today, -7),
        lastWeekUntil: new Date(at.getTime() - WEEK_MS),
      },
      sellerOf(user),
    );
    return {
      kind: "sales",
      own: sellerOf(user) !== null,
      orders_today: row.ordersToday,
      sales_today: exact(row.salesToday),
      orders_last_week: row.ordersLastWeek,
      sales_last_week: exact(row.salesLastWeek),
    };
  }

  async function preparation(today: string): Promise<HomeFigureSet> {
    const [due, batches] = await Promise.all([
      ordersDueOn(db, today, PREPARATION_STATUSES),
      batchesLeftOn(db, today, PREPARATION_STATUSES),
    ]);
    return {
      kind: "preparation",
      orders_to_prepare: due.orders,
      weight_to_prepare: gramsToDecimal(toGrams(due.weight)),
      batches_left: batches,
    };
  }

  async function dispatch(today: string): Promise<HomeFigureSet> {
    const [statuses, stops] = await Promise.all([statusCountsOn(db, today), stopCountsOn(db, today)]);
    const ofStatus = (id: number) => statuses.find((s) => s.statusId === id)?.orders ?? 0;
    return {
      kind: "dispatch",
      prepared: ofStatus(STATUS.prepared),
      on_the_road: ofStatus(STATUS.sent),
      delivered: ofStatus(STATUS.delivered),
      not_delivered: stops.find((s) => s.state === "no_entregado")?.stops ?? 0,
    };
  }

  async function courier(user: AuthenticatedUser, today: string): Promise<HomeFigureSet> {
    const pending = (await stopCountsOn(db, today, user.id)).find((s) => s.state === "pendiente");
    // Only cash stops have an amount due (courier_stops.amount_due), so this is what the courier collects.
    return { kind: "courier", stops_left: pending?.stops ?? 0, cash_to_collect: exact(pending?.due ?? "0") };
  }

  return {
    async figures(user: AuthenticatedUser): Promise<HomeFigures> {
      const today = todayInBuenosAires(now());
      const figures = can(user.group, "home.sales")
        ? await sales(user, today)
        : can(user.group, "preparation.work")
          ? await preparation(today)
          : can(user.group, "dispatch.work")
            ? await dispatch(today)
            : await courier(user, today);
      return { date: today, figures };
    },

    /** The last 14 days' sales, today included; days without orders at 0. */
    async dailySales(user: AuthenticatedUser): Promise<DailySales> {
      const today = todayInBuenosAires(now());
      const days = daysEndingOn(today, SALES_CHART_DAYS);
      const rows = new Map(
        (await repo.dailySales(db, { from: days[0]!, until: addDays(today, 1) }, sellerOf(user))).map((r) => [
          r.date,
          r,
        ]),
      );
      return {
        own: sellerOf(user) !== null,
        days: days.map((date) => ({
          date,
          orders: rows.get(date)?.orders ?? 0,
          sales: exact(rows.get(date)?.sales ?? "0"),
        })),
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
