import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createUser } from "../helpers/factories";
import { startFakeGeocoder, type FakeGeocoder } from "../helpers/fake-geocoder";
import { startFakeStyleServer } from "../helpers/fake-style-server";

const skip = e2eSkipReason();
let e2e: E2E;
let geocoder: FakeGeocoder;
let style: Awaited<ReturnType<typeof startFakeStyleServer>>;
let page: Page;

beforeAll(async () => {
  if (skip) return;
  geocoder = await startFakeGeocoder({
    "mitre 500, quilmes": [{ lat: "-34.7206123", lon: "-58.2546789", display_name: "Mitre 500, Quilmes" }],
  });
  style = await startFakeStyleServer();
  e2e = await startE2E({ env: { GEOCODER_URL: geocoder.url, MAP_STYLE_URL: style.url } });
  const user = await createUser(e2e.t, "Vendedor");
  page = await (await e2e.newContext()).newPage();
  await loginThroughUi(page, user.username, user.password);
});
afterAll(async () => {
  await e2e?.close();
  await geocoder?.close();
  await style?.close();
});

describe.skipIf(!!skip)(`/mapa with a style server and a geocoder ${skip}`, () => {
  it("loads the configured style and finds an address through the server", async () => {
    await page.goto("/mapa?picker=client&destination=Mitre%20500,%20Quilmes");
    await page.getByTestId("map").waitFor();
    await page.waitForFunction(() => !!document.querySelector(".maplibregl-canvas"));
    expect(style.requests).toContain("/style.json");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.locator(".maplibregl-marker").waitFor();
    expect(await page.getByLabel("Latitud").inputValue()).toBe("-34.720612");
    expect(await page.getByLabel("Longitud").inputValue()).toBe("-58.254679");
    expect(geocoder.requests).toContain("Mitre 500, Quilmes");
  });

  it("says so when the address is not found, and still picks a point with a click", async () => {
    await page.goto("/mapa?picker=client");
    await page.getByLabel("Dirección").fill("Calle Inventada 123");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByText("No se encontró la dirección indicada.").waitFor();
    await page.waitForFunction(() => !!document.querySelector(".maplibregl-canvas"));
    await page.getByTestId("map").click({ position: { x: 200, y: 150 } });
    await page.locator(".maplibregl-marker").waitFor();
    expect(await page.getByRole("button", { name: "Guardar coordenadas" }).isEnabled()).toBe(true);
  });

  it("takes negative coordinates typed by hand, character by character, with a comma or a point", async () => {
    await page.goto("/mapa?picker=client");
    await page.getByTestId("map").waitFor();
    const latitude = page.getByLabel("Latitud");
    await latitude.fill("");
    await latitude.pressSequentially("-34,75");
    await page.getByLabel("Longitud").fill("");
    await page.getByLabel("Longitud").pressSequentially("-58.3");
    await page.locator(".maplibregl-marker").waitFor();
    expect(await latitude.inputValue()).toBe("-34,75");
    // Leaving the fields keeps what was typed.
    await page.getByLabel("Dirección").click();
    expect(await page.getByLabel("Longitud").inputValue()).toBe("-58.3");
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
