import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
let e2e: E2E;

beforeAll(async () => {
  // Port 9 (discard) refuses connections: the style cannot load, as with no internet.
  if (!skip) e2e = await startE2E({ env: { MAP_STYLE_URL: "http://127.0.0.1:9/style.json" } });
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`/mapa with no tiles reachable ${skip}`, () => {
  it("tells the user, falls back to a plain background, and still places a marker on click", async () => {
    const user = await createUser(e2e.t, "Vendedor");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, user.username, user.password);
    await page.goto("/mapa?picker=client");
    await page.getByText("No se pudo cargar el mapa. Reintentá más tarde.").waitFor();
    // The map is MapLibre over a configurable style: no message names a provider it does not use.
    expect(await page.getByText(/Google/).count()).toBe(0);
    await page.getByTestId("map").click({ position: { x: 250, y: 200 } });
    await page.locator(".maplibregl-marker").waitFor();
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
