import type { Api } from "./http-api";

let counter = 0;

/** A valid body of POST /api/clients/ (SPEC.md §3's create payload). */
export const clientPayload = (overrides: Record<string, unknown> = {}) => ({
  name: "Cliente De Prueba",
  address: "Mitre 500",
  city: 2,
  shipment: 1,
  phone: "11 4444-0000",
  email: "",
  birthday: null,
  whatsapp_ubication: true,
  latitude: -34.72,
  longitude: -58.25,
  ...overrides,
});

/** A client created through the API, as a seller would. */
export async function createClient(
  api: Api,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; version: number }> {
  const response = await api.post(
    "/api/clients/",
    clientPayload({ name: `Cliente De Prueba ${++counter}`, address: `Mitre ${100 + counter}`, ...overrides }),
  );
  if (response.statusCode !== 200) throw new Error(`createClient: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function createProduct(
  api: Api,
  overrides: Record<string, unknown> = {},
): Promise<{ PK_Products: number; Name: string }> {
  const response = await api.post("/api/products/create/", {
    name: `Producto De Prueba ${++counter}`,
    quantity: 50,
    price: 1000,
    unitWeight: 0.5,
    isWeighted: true,
    ...overrides,
  });
  if (response.statusCode !== 200) throw new Error(`createProduct: ${response.statusCode} ${response.body}`);
  return response.json().product;
}
