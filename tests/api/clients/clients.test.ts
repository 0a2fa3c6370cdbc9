import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

const valid = {
  name: "María Fernanda Gómez",
  address: "Av. Calchaquí 1234",
  city: 2,
  shipment: 3,
  phone: "11 5555-1234",
  email: "maria@correo.com.ar",
  birthday: "1985-11-25",
  whatsapp_ubication: true,
  latitude: -34.7206123456,
  longitude: "-58,2546",
};

async function create(overrides: Record<string, unknown> = {}) {
  const response = await seller.post("/api/clients/", { ...valid, ...overrides });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; version: number };
}

describe("clients", () => {
  it("creates through either path, rounds coordinates to 6 decimals, and reads back every field", async () => {
    const { id } = await create();
    const fallback = await seller.post("/api/create_client/", { ...valid, name: "Juan Carlos Pérez" });
    expect(fallback.json()).toMatchObject({ success: true, message: "Cliente creado con éxito." });
    const detail = (await seller.get(`/api/get_client/${id}/`)).json();
    expect(detail).toMatchObject({
      PK_Clients: id,
      name: valid.name,
      city: 2,
      city_name: "Quilmes",
      shipment: 3,
      category: "Normal",
      latitude: "-34.720612",
      longitude: "-58.254600",
      birthday: "1985-11-25",
      risk_zone: false,
    });
    expect(detail.cities.length).toBeGreaterThan(1);
    expect(detail.shipments.find((s: { PK_Shipments: number }) => s.PK_Shipments === 8)).toMatchObject({
      Name: "Lo busca",
      Price: "0.00",
    });
  });

  it("refuses bad input with SPEC.md §5's message per field and saves nothing", async () => {
    const response = await seller.post("/api/clients/", {
      ...valid,
      name: "María",
      phone: "  ",
      address: "",
      city: "",
      shipment: null,
      latitude: -34.7,
      longitude: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: "Ingresá nombre y apellido (mínimo dos palabras).",
      phone: "El teléfono es obligatorio.",
      address: "La dirección es obligatoria.",
      city: "La localidad es obligatoria.",
      shipment: "La zona es obligatoria.",
    });
    const onlyLongitude = await seller.post("/api/clients/", { ...valid, latitude: null, longitude: -58.2 });
    expect(onlyLongitude.json().errors).toEqual({ latitude: "Falta completar la latitud." });
    const onlyLatitude = await seller.post("/api/clients/", { ...valid, latitude: -34.2, longitude: "" });
    expect(onlyLatitude.json().errors).toEqual({ longitude: "Falta completar la longitud." });
    const outOfRange = await seller.post("/api/clients/", { ...valid, latitude: 120, longitude: 10 });
    expect(outOfRange.statusCode).toBe(400);
    const unknownCity = await seller.post("/api/clients/", { ...valid, name: "Cliente Inexistente", city: 999 });
    expect(unknownCity.statusCode).toBe(400);
    expect(unknownCity.json().errors).toEqual({ city: "La localidad es obligatoria." });
    const list = (await seller.get("/api/clients_list/?search=inexistente")).json();
    expect(list.results).toEqual([]);
  });

  it("searches by name ignoring accents and case, by id, and filters virtual freezers", async () => {
    const { id } = await create({ name: "Ramón Álvarez Núñez" });
    const byName = (await seller.get("/api/clients_list/?search=ramon%20alvarez")).json().results;
    expect(byName.map((c: { id: number }) => c.id)).toContain(id);
    const byId = (await seller.get(`/api/clients_list/?search=${id}`)).json().results;
    expect(byId.map((c: { id: number }) => c.id)).toContain(id);
    const freezer = (await seller.get("/api/clients_list/?filter_select=virtual_freezer")).json().results;
    expect(freezer.every((c: { has_virtual_freezer: boolean }) => c.has_virtual_freezer)).toBe(true);
    expect((await seller.get("/api/clients_list/?filter_select=otro")).statusCode).toBe(400);
  });

  it("limits the list to 20 by default", async () => {
    for (let i = 0; i < 22; i++) await create({ name: `Cliente Numerado ${i}` });
    const results = (await seller.get("/api/clients_list/?search=numerado")).json().results;
    expect(results).toHaveLength(20);
  });

  it("edits a client, and a second editor with a stale version gets a 409 instead of overwriting", async () => {
    const { id, version } = await create({ name: "Sofía Editada Dos" });
    const update = {
      ...valid,
      name: "Sofía Editada Tres",
      zone: 2,
      category: "Freezer Virtual",
      risk_zone: true,
      version,
    };
    const first = await seller.post(`/api/save_client/${id}/`, update);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: "Cliente actualizado con éxito.", version: version + 1 });
    const second = await seller.post(`/api/save_client/${id}/`, { ...update, name: "Otra Persona Pisando" });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/Otra persona modificó este cliente/);
    const detail = (await seller.get(`/api/get_client/${id}/`)).json();
    expect(detail).toMatchObject({
      name: "Sofía Editada Tres",
      zone: 2,
      category: "Freezer Virtual",
      risk_zone: true,
      has_virtual_freezer: true,
    });
  });

  it("requires every edit field of SPEC.md §5", async () => {
    const { id } = await create({ name: "Edición Incompleta" });
    const response = await seller.post(`/api/save_client/${id}/`, { name: "Edición Incompleta" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(["address", "city", "zone", "category", "phone", "email", "birthday", "risk_zone"]),
    );
  });

  it("the edit dialog's email and birthday cannot be saved empty", async () => {
    const { id } = await create({ name: "Edición Sin Mail" });
    const edit = { ...valid, name: "Edición Sin Mail", zone: 3, category: "Normal", risk_zone: false };
    const response = await seller.post(`/api/save_client/${id}/`, { ...edit, email: "", birthday: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: "Ingresá un email válido.",
      birthday: "Ingresá una fecha válida.",
    });
    expect((await seller.get(`/api/get_client/${id}/`)).json().email).toBe(valid.email);
  });

  it("reports every field error at once, the missing longitude or latitude among them", async () => {
    const response = await seller.post("/api/clients/", {
      ...valid,
      name: "Solo",
      phone: "",
      latitude: -34.7,
      longitude: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: "Ingresá nombre y apellido (mínimo dos palabras).",
      phone: "El teléfono es obligatorio.",
      longitude: "Falta completar la longitud.",
    });
    const other = await seller.post("/api/clients/", { ...valid, address: "", latitude: "", longitude: -58.2 });
    expect(other.json().errors).toEqual({
      address: "La dirección es obligatoria.",
      latitude: "Falta completar la latitud.",
    });
  });

  it("reads two-digit years typed in a birthday as 19xx above 50 and 20xx otherwise", async () => {
    const old = await create({ name: "Cumple Setenta Cinco", birthday: "14/03/75" });
    expect((await seller.get(`/api/get_client/${old.id}/`)).json().birthday).toBe("1975-03-14");
    const young = await create({ name: "Cumple Cero Cinco", birthday: "0005-07-09" });
    expect((await seller.get(`/api/get_client/${young.id}/`)).json().birthday).toBe("2005-07-09");
    const fifty = await create({ name: "Cumple Cincuenta Justo", birthday: "01-02-50" });
    expect((await seller.get(`/api/get_client/${fifty.id}/`)).json().birthday).toBe("2050-02-01");
    const refused = await seller.post("/api/clients/", { ...valid, name: "Cumple Imposible", birthday: "31/02/80" });
    expect(refused.json().errors).toEqual({ birthday: "Ingresá una fecha válida." });
  });

  it("soft-deletes: gone from search and reads, twice is a 404", async () => {
    const { id } = await create({ name: "Cliente Para Borrar" });
    const deleted = await seller.post(`/api/clients/${id}/null_date/`);
    expect(deleted.json()).toEqual({ success: true, message: "Cliente eliminado correctamente." });
    expect((await seller.get("/api/clients_list/?search=para%20borrar")).json().results).toEqual([]);
    expect((await seller.get(`/api/get_client/${id}/`)).statusCode).toBe(404);
    expect((await seller.post(`/api/clients/${id}/null_date/`)).statusCode).toBe(404);
  });

  it("answers unknown and malformed ids with 404 and 400", async () => {
    expect((await seller.get("/api/get_client/999999/")).statusCode).toBe(404);
    expect((await seller.get("/api/get_client/abc/")).statusCode).toBe(400);
  });

  it("lists cities and zones", async () => {
    const cities = (await seller.get("/api/get_cities/")).json();
    expect(cities[0]).toEqual({ PK_Cities: 1, Name: "Retiro en local" });
    const zones = (await seller.get("/api/get_shipments/")).json();
    expect(zones.find((z: { PK_Shipments: number }) => z.PK_Shipments === 8)).toEqual({
      PK_Shipments: 8,
      Name: "Lo busca",
      Price: "0.00",
    });
  });

  it("lets a Preparador read but not write", async () => {
    const preparer = (await signIn(t, "Preparador")).client;
    expect((await preparer.get("/api/clients_list/")).statusCode).toBe(200);
    expect((await preparer.post("/api/clients/", valid)).statusCode).toBe(403);
  });
});
