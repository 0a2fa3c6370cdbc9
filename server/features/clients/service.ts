import { pagingOf, type PageParams } from "../../../domain/contracts/paging";
import type {
  ClientDetail,
  ClientListItem,
  CreateClientRequest,
  UpdateClientRequest,
} from "../../../domain/contracts/clients";
import { CLIENT_MESSAGES } from "../../../domain/contracts/clients";
import { ACCOUNT_MESSAGES } from "../../../domain/contracts/accounts";
import { centavosToDecimal, toCentavos } from "../../../domain/money";
import { can } from "../../../domain/permissions";
import type { ClientDirectory, DirectoryLine } from "../../../domain/contracts/client-directory";
import { RECENT_CLIENT_DAYS } from "../../../domain/client-directory";
import type { Database } from "../../db/types";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { lastOrderOf } from "../orders";
import { recordAudit } from "../audit";
import * as repo from "./repository";
import type { ClientRow } from "./repository";

export const CLIENT_NOT_FOUND = "El cliente no existe o fue eliminado.";
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

function toListItem(row: ClientRow): ClientListItem {
  return {
    id: row.id,
    PK_Clients: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    email: row.email,
    birthday: row.birthday,
    category: row.category,
    has_virtual_freezer: row.hasVirtualFreezer,
  };
}

export function createClientsService({ db }: { db: Database }) {
  async function references() {
    const [cities, shipments] = await Promise.all([repo.listCities(db), repo.listShipments(db)]);
    return {
      cities: cities.map((c) => ({ PK_Cities: c.id, Name: c.name })),
      shipments: shipments.map((s) => ({ PK_Shipments: s.id, Name: s.name, Price: s.price })),
    };
  }

  /** Ids that parse but point nowhere are a field error, not a foreign-key 500. */
  async function checkReferences(cityId: number, shipmentId: number, zoneField: "shipment" | "zone") {
    const errors: Record<string, string> = {};
    if (!(await repo.cityExists(db, cityId))) errors.city = CLIENT_MESSAGES.city;
    if (!(await repo.shipmentExists(db, shipmentId))) errors[zoneField] = CLIENT_MESSAGES.zone;
    const first = Object.values(errors)[0];
    if (first) throw new Invalid(first, errors);
  }

  return {
    references,

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

    async detail(id: number): Promise<ClientDetail> {
      const [found, last] = await Promise.all([repo.findClient(db, id), lastOrderOf(db, id)]);
      if (!found) throw new NotFound(CLIENT_NOT_FOUND);
      const { client, cityName } = found;
      return {
        PK_Clients: client.id,
        name: client.name,
        address: client.address,
        city: client.cityId,
        city_name: cityName,
        shipment: client.shipmentId,
        zone: client.shipmentId,
        category: client.category,
        phone: client.phone,
        email: client.email,
        birthday: client.birthday,
        whatsapp_ubication: client.whatsappUbication,
        risk_zone: client.riskZone,
        latitude: client.latitude,
        longitude: client.longitude,
        second_address: client.secondAddress,
        second_latitude: client.secondLatitude,
        second_longitude: client.secondLongitude,
        has_virtual_freezer: client.hasVirtualFreezer,
        credit_limit: client.creditLimit === null ? null : centavosToDecimal(toCentavos(client.creditLimit)),
        last_order_id: last?.id ?? null,
        version: client.version,
        ...(await references()),
      };
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

    async list(query: { search: string; filter_select: "" | "virtual_freezer"; limit: number } & PageParams) {
      const filter = { search: query.search, virtualFreezerOnly: query.filter_select === "virtual_freezer" };
      const paging = pagingOf(query);
      const [rows, count] = await Promise.all([
        repo.searchClients(db, { ...filter, limit: query.limit, offset: paging.offset }),
        paging.withCount ? repo.countClients(db, filter) : undefined,
      ]);
      return { results: rows.map(toListItem), count };
    },

    /** The directory kept on the phone (docs/decisions/clients/0166-client-directory.md). */
    async directory(sellerId: number, now = new Date()): Promise<ClientDirectory> {
      const since = new Date(now.getTime() - RECENT_CLIENT_DAYS * 86_400_000);
      const [rows, lines] = await Promise.all([
        repo.directoryClients(db),
        repo.recentLastOrderLines(db, sellerId, since),
      ]);
      const orders: ClientDirectory["orders"] = {};
      for (const line of lines) {
        const order = orders[line.client_id] ?? [Number(line.order_id), line.times_shipping_id, line.pay_method_id, []];
        orders[line.client_id] = order;
        order[3].push([line.product_id, line.type as DirectoryLine[1], line.amount, line.virtual_freezer]);
      }
      return {
        at: now.toISOString(),
        clients: rows.map((r) => [
          r.id,
          r.name,
          r.phone,
          r.address,
          r.shipment_id,
          r.city_id,
          Number(r.flags),
          r.latitude === null ? null : Number(r.latitude),
          r.longitude === null ? null : Number(r.longitude),
          r.last_date === null ? null : new Date(r.last_date).toISOString(),
          r.last_id === null ? null : Number(r.last_id),
        ]),
        orders,
      };
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

export type ClientsService = ReturnType<typeof createClientsService>;
