import {
  COMMISSION_MESSAGES,
  type CommissionRequest,
  type CommissionResult,
  type CommissionSetup,
} from "@domain/contracts/commissions";
import { centavosToDecimal, toCentavos } from "@domain/money";
import { can } from "@domain/permissions";
import type { Database, Executor } from "../../db/types";
import { Invalid } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { recordAudit } from "../audit";
import * as repo from "./repository";

// Seeded defaults (docs/decisions/commissions/0029-commissions.md): 5 % of the goods, shipping not included.
const DEFAULT_RATE = "0.05";

/** The rate as basis points (1/10000), so the commission is exact integer arithmetic. */
const basisPoints = (rate: string) => Math.round(Number(rate) * 10_000);
const percentOf = (rate: string) => basisPoints(rate) / 100;

export function createCommissionsService({ db }: { db: Database }) {
  const settings = async (executor: Executor = db) => ({
    rate: String(await repo.readSetting(executor, "commission_rate", DEFAULT_RATE)),
    includesShipping: Boolean(await repo.readSetting(executor, "commission_includes_shipping", false)),
  });
  /** The rates as the audit trail records them: the percentage a person typed. */
  const readRates = async (executor: Executor) => {
    const { rate, includesShipping } = await settings(executor);
    return { rate_percent: percentOf(rate), includes_shipping: includesShipping };
  };

  return {
    async setup(user: AuthenticatedUser): Promise<CommissionSetup> {
      const isAdmin = can(user.group, "commissions.any");
      const listed = await repo.listSellers(db);
      const sellers = listed.map((s) => ({
        id: s.id,
        username: s.username,
        full_name: `${s.firstName} ${s.lastName}`.trim() || s.username,
      }));
      // Admins may take orders and stay in the list, but an Admin opens the page to see a seller's.
      const firstSeller = listed.find((s) => s.group === "Vendedor") ?? listed[0];
      const { rate, includesShipping } = await settings();
      return {
        group: user.group,
        is_admin: isAdmin,
        sellers: isAdmin ? sellers : sellers.filter((s) => s.id === user.id),
        defaultSellerId: isAdmin ? (firstSeller?.id ?? null) : user.id,
        rate,
        includes_shipping: includesShipping,
      };
    },

    /** An Admin may ask for any seller; anyone else always gets their own figures. */
    async calculate(request: CommissionRequest, user: AuthenticatedUser): Promise<CommissionResult> {
      const isAdmin = can(user.group, "commissions.any");
      if (isAdmin && !request.seller_id)
        throw new Invalid(COMMISSION_MESSAGES.seller, { seller_id: COMMISSION_MESSAGES.seller });
      const sellerId = isAdmin ? request.seller_id! : user.id;
      const { rate, includesShipping } = await settings();
      const totals = await repo.salesTotals(db, request.start_date, request.end_date, sellerId);
      const base = toCentavos(totals.sellerGoods) + (includesShipping ? toCentavos(totals.sellerShipping) : 0);
      const commission = Math.round((base * basisPoints(rate)) / 10_000);
      const expensive = isAdmin ? await repo.mostExpensive(db, request.start_date, request.end_date, sellerId) : [];
      return {
        commission: centavosToDecimal(commission),
        total_seller_sales: centavosToDecimal(toCentavos(totals.sellerTotal)),
        total_range_sales: centavosToDecimal(toCentavos(totals.rangeTotal)),
        most_expensive_orders: expensive.map((o) => ({ ...o, create_date: o.create_date.toISOString() })),
        seller_id: sellerId,
        rate,
      };
    },

    /** Rates change what every seller earns: a change is audited, in the transaction that writes it. */
    async updateSettings(ratePercent: number, includesShipping: boolean, actorId: number) {
      const rate = String(Math.round(ratePercent * 100) / 10_000);
      await db.transaction(async (tx) => {
        const before = await readRates(tx);
        await repo.writeSetting(tx, "commission_rate", rate);
        await repo.writeSetting(tx, "commission_includes_shipping", includesShipping);
        const after = { rate_percent: percentOf(rate), includes_shipping: includesShipping };
        if (before.rate_percent !== after.rate_percent || before.includes_shipping !== after.includes_shipping)
          await recordAudit(tx, {
            actorId,
            action: "commission.rates",
            entity: "settings",
            entityId: 0,
            before,
            after,
          });
      });
      return { success: true as const, message: "Operación realizada con éxito." };
    },
  };
}

export type CommissionsService = ReturnType<typeof createCommissionsService>;
