import type { Database } from "../../db/types";
import { Invalid, NotFound } from "../../errors";
import { findClient } from "../clients";
import { CLIENT_NOT_FOUND } from "../clients";
import { findProduct } from "../products";
import { CLAIM_MESSAGES, CLAIM_TYPES } from "@domain/contracts/claims";
import * as repo from "./repository";

const SAVED = { success: true as const, message: "Operación realizada con éxito." };

export function createClaimsService({ db }: { db: Database }) {
  async function requireClient(clientId: number) {
    if (!(await findClient(db, clientId))) throw new NotFound(CLIENT_NOT_FOUND);
  }

  async function requireProduct(productId: number) {
    if (!(await findProduct(db, productId)))
      throw new Invalid(CLAIM_MESSAGES.product, { product: CLAIM_MESSAGES.product });
  }

  return {
    async current(clientId: number, claimType: number, productId?: number) {
      await requireClient(clientId);
      if (claimType === CLAIM_TYPES.productClaim) {
        if (!productId) throw new Invalid(CLAIM_MESSAGES.product, { product: CLAIM_MESSAGES.product });
        return {
          success: true as const,
          claimValue: (await repo.activeProductClaim(db, clientId, productId))?.description ?? "",
        };
      }
      return {
        success: true as const,
        claimValue: (await repo.activeClaim(db, claimType as repo.SimpleClaimType, clientId))?.description ?? "",
      };
    },

    async save(clientId: number, claimType: 1 | 2, value: string) {
      await requireClient(clientId);
      await db.transaction((tx) => repo.replaceClaim(tx, claimType, clientId, value));
      return SAVED;
    },

    async saveForProduct(clientId: number, productId: number, value: string) {
      await requireClient(clientId);
      await requireProduct(productId);
      await db.transaction((tx) => repo.replaceProductClaim(tx, clientId, productId, value));
      return SAVED;
    },

    async fullData(clientId: number) {
      await requireClient(clientId);
      return repo.activeClaimsOf(db, clientId);
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
