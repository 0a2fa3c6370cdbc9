import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import type { CreateClientRequest, UpdateClientRequest } from "@domain/contracts/clients";
import { CLIENT_MESSAGES } from "@domain/contracts/clients";
import { centavosToDecimal, toCentavos } from "@domain/money";
import { can } from "@domain/permissions";
import type { Database } from "../../db/types";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import { recordAudit } from "../audit";
import type { AuthenticatedUser } from "../auth";
import { CLIENT_NOT_FOUND } from "./messages";
import * as repo from "./repository";

const CLIENT_EDIT_CONFLICT =
  "Otra persona modificó este cliente mientras lo editabas. Recargá los datos y volvé a guardar.";

const coordinate = (value: number | null) => (value === null ? null : value.toFixed(6));
const limitOf = (value: string | null) => (value === null ? null : toCentavos(value));

/** Issue 44: the credit limit is the office's to set; a seller's form sends it back unchanged. */
function creditLimitValues(requested: number | null | undefined, current: string | null, user: AuthenticatedUser) {
  if (requested === undefined || requested === limitOf(current)) return {};
  if (!can(user.group, "accounts.manage")) throw new Forbidden(ACCOUNT_MESSAGES.creditLimitAdminOnly);
  return { creditLimit: requested === null ? null : centavosToDecimal(requested) };
}

/** What the office and the sellers change of a client: a new one, an edit (versioned), a removal (soft, audited). */
export function createClientEdits({ db }: { db: Database }) {
  /** Ids that parse but point nowhere are a field error, not a foreign-key 500. */
  async function checkReferences(cityId: number, shipmentId: number, zoneField: "shipment" | "zone") {
    const errors: Record<string, string> = {};
    if (!(await repo.cityExists(db, cityId))) errors.city = CLIENT_MESSAGES.city;
    if (!(await repo.shipmentExists(db, shipmentId))) errors[zoneField] = CLIENT_MESSAGES.zone;
    const first = Object.values(errors)[0];
    if (first) throw new Invalid(first, errors);
  }

  return {
    async create(input: CreateClientRequest, user: AuthenticatedUser) {
      const credit = creditLimitValues(input.credit_limit, null, user);
      await checkReferences(input.city, input.shipment, "shipment");
      const row = await repo.insertClient(db, {
        name: input.name,
        address: input.address,
        cityId: input.city,
        shipmentId: input.shipment,
        phone: input.phone,
        email: input.email,
        birthday: input.birthday,
        whatsappUbication: input.whatsapp_ubication,
        latitude: coordinate(input.latitude),
        longitude: coordinate(input.longitude),
        ...credit,
      });
      return { success: true as const, id: row.id, message: "Cliente creado con éxito.", version: row.version };
    },

    async update(id: number, input: UpdateClientRequest, user: AuthenticatedUser) {
      const found = await repo.findClient(db, id);
      if (!found) throw new NotFound(CLIENT_NOT_FOUND);
      const credit = creditLimitValues(input.credit_limit, found.client.creditLimit, user);
      await checkReferences(input.city, input.zone, "zone");
      const row = await repo.updateClient(
        db,
        id,
        {
          name: input.name,
          address: input.address,
          cityId: input.city,
          shipmentId: input.zone,
          category: input.category,
          hasVirtualFreezer: input.category === "Freezer Virtual",
          phone: input.phone,
          email: input.email,
          birthday: input.birthday,
          whatsappUbication: input.whatsapp_ubication,
          riskZone: input.risk_zone,
          latitude: coordinate(input.latitude),
          longitude: coordinate(input.longitude),
          ...credit,
        },
        input.version,
      );
      if (!row) throw new Conflict(CLIENT_EDIT_CONFLICT);
      return { success: true as const, id: row.id, message: "Cliente actualizado con éxito.", version: row.version };
    },

    async remove(id: number, actorId: number) {
      await db.transaction(async (tx) => {
        const deleted = await repo.softDeleteClient(tx, id);
        if (!deleted) throw new NotFound(CLIENT_NOT_FOUND);
        await recordAudit(tx, {
          actorId,
          action: "client.deleted",
          entity: "client",
          entityId: id,
          before: { name: deleted.name },
          after: null,
        });
      });
      return { success: true as const, message: "Cliente eliminado correctamente." };
    },
  };
}
