import type { ClientDetail, ClientListItem } from "@domain/contracts/clients";
import { type PageParams, pagingOf } from "@domain/contracts/paging";
import { centavosToDecimal, toCentavos } from "@domain/money";
import type { Database } from "../../db/types";
import { NotFound } from "../../errors";
import { lastOrderOf } from "../orders";
import { CLIENT_NOT_FOUND } from "./messages";
import type { ClientRow } from "./repository";
import * as repo from "./repository";

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

/** What the screens read of clients: the list, one client's form with the cities and zones to choose from. */
export function createClientReads({ db }: { db: Database }) {
  async function references() {
    const [cities, shipments] = await Promise.all([repo.listCities(db), repo.listShipments(db)]);
    return {
      cities: cities.map((c) => ({ PK_Cities: c.id, Name: c.name })),
      shipments: shipments.map((s) => ({ PK_Shipments: s.id, Name: s.name, Price: s.price })),
    };
  }

  return {
    references,

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

    async list(query: { search: string; filter_select: "" | "virtual_freezer"; limit: number } & PageParams) {
      const filter = { search: query.search, virtualFreezerOnly: query.filter_select === "virtual_freezer" };
      const paging = pagingOf(query);
      const [rows, count] = await Promise.all([
        repo.searchClients(db, { ...filter, limit: query.limit, offset: paging.offset }),
        paging.withCount ? repo.countClients(db, filter) : undefined,
      ]);
      return { results: rows.map(toListItem), count };
    },
  };
}
