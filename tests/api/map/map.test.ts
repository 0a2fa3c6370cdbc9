import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";
import { startFakeGeocoder, type FakeGeocoder } from "../../helpers/fake-geocoder";

let geocoder: FakeGeocoder;
let t: TestApp;
let user: ApiClient;
beforeAll(async () => {
  geocoder = await startFakeGeocoder({
    "mitre 500, quilmes": [
      { lat: "-34.7206123", lon: "-58.2546789", display_name: "Mitre 500, Quilmes, Buenos Aires" },
    ],
  });
  t = await createTestApp({
    env: { GEOCODER_URL: geocoder.url, MAP_STYLE_URL: "http://127.0.0.1:9/style.json", MAP_API_KEY: "clave-del-mapa" },
  });
  user = (await signIn(t, "Despachante")).client;
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
});

describe("map configuration and geocoding", () => {
  it("tells the web the style, whether search works, and the depot", async () => {
    const config = (await user.get("/api/map-config/")).json();
    expect(config).toEqual({
      style_url: "http://127.0.0.1:9/style.json",
      geocoder: true,
      depot: { lat: -34.7206, lng: -58.2546 },
      key: "clave-del-mapa",
    });
  });

  it("GET /api/google-maps-key/ answers the map configuration's key, and an empty one when none is set", async () => {
    expect((await user.get("/api/google-maps-key/")).json()).toEqual({ key: "clave-del-mapa" });
    const bare = await createTestApp();
    try {
      const other = (await signIn(bare, "Vendedor")).client;
      expect((await other.get("/api/google-maps-key/")).json()).toEqual({ key: "" });
      expect((await other.get("/api/map-config/")).json().key).toBe("");
    } finally {
      await bare.close();
    }
  });

  it("geocodes through the server, rounds to 6 decimals and caches the answer", async () => {
    const first = await user.get("/api/geocode/?q=Mitre%20500,%20Quilmes");
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toEqual([
      { lat: -34.720612, lng: -58.254679, display_name: "Mitre 500, Quilmes, Buenos Aires" },
    ]);
    await user.get("/api/geocode/?q=Mitre%20500,%20Quilmes");
    expect(geocoder.requests.filter((q) => q === "Mitre 500, Quilmes")).toHaveLength(1);
  });

  it("answers the spec's message when nothing is found, and one naming no map provider when the geocoder fails", async () => {
    const missing = await user.get("/api/geocode/?q=calle%20que%20no%20existe");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("No se encontró la dirección indicada.");
    const broken = await user.get("/api/geocode/?q=romper");
    expect(broken.statusCode).toBe(503);
    expect(broken.json().detail).toBe("No se pudo buscar la dirección: el buscador no responde. Reintentá más tarde.");
  });
});
