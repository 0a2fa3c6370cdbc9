import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addYears, DELIVERY_DATE_MESSAGE, todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { cutTexts, horizontalOverflow, settled, VIEWPORTS } from "../helpers/devices";
import { signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let page: Page;
let api: ApiClient;
let me: Awaited<ReturnType<typeof signIn>>;
const ids = { client: 0, freezerClient: 0, kg: 0, un: 0, fv: 0 };

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Vendedor")).client;
  ids.client = (await createClient(api, { name: "Reglas Del Asistente", shipment: 2 })).id;
  ids.freezerClient = (await createClient(api, { name: "Freezer Modificado", shipment: 2 })).id;
  ids.kg = (await createProduct(api, { name: "Merluza reglas", quantity: 2, price: 9000, unitWeight: 1 })).PK_Products;
  ids.un = (
    await createProduct(api, { name: "Empanadas reglas", quantity: 40, price: 6000, unitWeight: 0.5 })
  ).PK_Products;
  ids.fv = (await createProduct(api, { name: "Helado reglas", quantity: 40, price: 5000, unitWeight: 1 })).PK_Products;
  await api.post(`/api/save_claim_product/${ids.client}/`, {
    claimType: 3,
    claimValue: "Llegó descongelada",
    product: ids.kg,
  });
  await api.post("/api/save_virtual_freezer/", {
    clientId: ids.freezerClient,
    has_virtual_freezer: true,
    items: [{ productId: ids.fv, units: 2, type: "UN" }],
  });

  // The screen's seller: only they may modify the orders they took.
  me = await signIn(e2e.t, "Vendedor");
  page = await (await e2e.newContext()).newPage();
  await loginThroughUi(page, me.username, me.password);
});
afterAll(async () => {
  await e2e?.close();
});

const row = (name: RegExp) => page.getByRole("row", { name });

/** Types a point in /mapa's popup and saves it back to the delivery step. */
async function pickOnMap(lat: string, lng: string) {
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Buscar en mapa" }).click(),
  ]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).searchParams.get("picker")).toBe("client");
  await popup.getByLabel("Latitud").fill(lat);
  await popup.getByLabel("Longitud").fill(lng);
  await Promise.all([popup.waitForEvent("close"), popup.getByRole("button", { name: "Guardar coordenadas" }).click()]);
  await page.getByText("Se actualizaron las coordenadas desde el mapa.").last().waitFor();
}
const quantity = (name: string) => page.getByLabel(`Cantidad de ${name}`);

async function startOrder(clientName: string, clientId: number) {
  await page.goto("/orders/new");
  await page.getByLabel("Buscar cliente").fill(clientName);
  await row(new RegExp(clientName)).click();
  await page.waitForURL(`**/orders/${clientId}/products`);
}

describe.skipIf(!!skip)(`the wizard's rules in Chromium ${skip}`, () => {
  it("a product's claim is looked up and appended to the notes as 'product name: value'", async () => {
    await startOrder("Reglas Del Asistente", ids.client);
    await row(/Merluza reglas/).click();
    await quantity("Merluza reglas").waitFor();
    await page.waitForFunction(() =>
      (document.querySelector("textarea")?.value ?? "").includes("Merluza reglas: Llegó descongelada"),
    );
  });

  it("'Aceptar' on the stock warning leaves the box showing what the cart holds, and the same quantity warns again", async () => {
    await quantity("Merluza reglas").fill("9");
    await page.getByText("No cuenta con el stock necesario para este producto.").waitFor();
    await page.getByRole("button", { name: "Aceptar" }).click();
    await page.getByText("No cuenta con el stock necesario para este producto.").waitFor({ state: "detached" });
    expect(await quantity("Merluza reglas").inputValue()).toBe("1");
    await quantity("Merluza reglas").fill("9");
    await page.getByText("No cuenta con el stock necesario para este producto.").waitFor();
  });

  it("the stock editor keeps its minimum (SPEC.md §4) and refuses -3 with 'Ingrese un valor de stock valido.', saving nothing", async () => {
    await page.getByRole("button", { name: "Actualizar stock" }).click();
    // The larger of the stock (2 kg) and the line (9 kg): it starts there, says so, and takes no less.
    expect(await page.getByLabel("Stock (KG)").inputValue()).toBe("9");
    await page.getByText("Mínimo: 9 kg").waitFor();
    await page.getByLabel("Stock (KG)").fill("5");
    await page.getByRole("button", { name: "Guardar stock" }).click();
    await page.getByText("El stock no puede ser menor a 9 kg.").waitFor();
    await page.getByLabel("Stock (KG)").fill("-3");
    await page.getByRole("button", { name: "Guardar stock" }).click();
    await page.getByText("Ingrese un valor de stock valido.").waitFor();
    expect(await page.getByLabel("Stock (KG)").inputValue()).toBe("-3");
    expect((await api.get(`/api/products/${ids.kg}/details/`)).json().Quantity).toBe("2.000");
    await page.keyboard.press("Escape");
    expect(await quantity("Merluza reglas").inputValue()).toBe("1");
  });

  it("clearing a quantity to retype it keeps the line; a committed 0 removes it", async () => {
    await quantity("Merluza reglas").fill("");
    await page.getByLabel("Notas").click();
    // Left empty: committed as 0, the line goes.
    await quantity("Merluza reglas").waitFor({ state: "detached" });
    await row(/Merluza reglas/).click();
    await quantity("Merluza reglas").fill("");
    expect(await quantity("Merluza reglas").count()).toBe(1);
    await quantity("Merluza reglas").pressSequentially("1,5");
    await page.getByLabel("Notas").click();
    expect(await quantity("Merluza reglas").inputValue()).toBe("1,5");
  });

  it("UN quantities are rounded to whole numbers when committed, never cut while typing", async () => {
    await row(/Empanadas reglas/).click();
    await page.getByRole("combobox", { name: "Tipo de Empanadas reglas" }).click();
    await page.getByRole("option", { name: "UN" }).click();
    await quantity("Empanadas reglas").fill("");
    await quantity("Empanadas reglas").pressSequentially("2,5");
    expect(await quantity("Empanadas reglas").inputValue()).toBe("2,5");
    await page.getByLabel("Notas").click();
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLInputElement>('[aria-label="Cantidad de Empanadas reglas"]')?.value ?? "") === "3",
    );
  });

  it("switching delivery back from pick-up restores the city saved for the order, and the map's coordinates say so", async () => {
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/delivery`);
    await page.getByRole("combobox", { name: "Localidad" }).click();
    await page.getByRole("option", { name: "Avellaneda" }).click();
    await page.getByLabel("Retirar del local").check();
    await page.getByLabel("Entrega a domicilio").check();
    expect(await page.getByRole("combobox", { name: "Localidad" }).inputValue()).toBe("Avellaneda");

    await pickOnMap("-34.66", "-58.36");
    expect(await page.getByRole("textbox", { name: "Latitud" }).inputValue()).toBe("-34.660000");
  });

  it.each(Object.values(VIEWPORTS))(
    "at $width px the delivery step shows 'Lomas de Zamora', both coordinates with their 6 decimals and 'Buscar en mapa' whole",
    async (viewport) => {
      if ((await page.getByRole("combobox", { name: "Localidad" }).inputValue()) !== "Lomas de Zamora") {
        await page.getByRole("combobox", { name: "Localidad" }).click();
        await page.getByRole("option", { name: "Lomas de Zamora" }).click();
        await pickOnMap("-34.765432", "-58.398765");
      }
      await page.setViewportSize(viewport);
      await settled(page);
      const fields = [
        page.getByRole("combobox", { name: "Localidad" }),
        page.getByRole("textbox", { name: "Latitud" }),
        page.getByRole("textbox", { name: "Longitud" }),
        page.getByRole("button", { name: "Buscar en mapa" }).locator(".mantine-Button-label"),
      ];
      expect(await Promise.all(fields.slice(0, 3).map((f) => f.inputValue()))).toEqual([
        "Lomas de Zamora",
        "-34.765432",
        "-58.398765",
      ]);
      // Each text shows whole: nothing scrolls inside its box.
      const hidden = await Promise.all(fields.map((f) => f.evaluate((el) => el.scrollWidth - el.clientWidth)));
      expect(hidden).toEqual([0, 0, 0, 0]);
      expect(await cutTexts(page, "main")).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/delivery-${viewport.width}.png`, fullPage: true });
    },
  );

  it("the calendar offers today to a year ahead; a day past it is refused with the server's message", async () => {
    const today = todayInBuenosAires();
    const field = page.getByLabel("Fecha");
    expect([await field.getAttribute("min"), await field.getAttribute("max")]).toEqual([today, addYears(today, 1)]);
    await field.fill(addDays(addYears(today, 1), 1));
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText(DELIVERY_DATE_MESSAGE).waitFor();
    expect(page.url()).toContain("/delivery");
  });

  it("a delivery date typed with a two-digit year is read as 20xx (19xx above 50)", async () => {
    const date = addDays(todayInBuenosAires(), 40);
    await page.getByLabel("Fecha").fill(`00${date.slice(2)}`);
    await page.getByRole("combobox", { name: "Horario" }).click();
    expect(await page.getByLabel("Fecha").inputValue()).toBe(date);
    await page.getByRole("option", { name: "Mañana" }).click();
  });

  it("a failed receipt says so and offers a retry; the order is confirmed either way", async () => {
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/confirm`);
    await expect.poll(() => page.getByRole("combobox", { name: "Forma de pago" }).inputValue()).not.toBe("");
    // The first download meets a dropped connection (a network fault, not a stand-in answer).
    let dropped = false;
    await page.route("**/receipt.png", async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.getByText("Pedido confirmado").waitFor();
    await page.getByText(/no se pudo descargar el comprobante/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Reintentar descarga" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Reglas Del Asistente.png");
    await page.getByText("Comprobante descargado.").waitFor();
    await page.unroute("**/receipt.png");
    const orders = (await api.get("/api/orders/?search=reglas%20del%20asistente")).json().results;
    expect(orders).toHaveLength(1);
  });

  it("modify mode keeps the freezer cap: the balance plus what the order took", async () => {
    const placed = await placeOrder(me.client, ids.freezerClient, [
      { productId: ids.fv, units: 1, type: "UN", virtual_freezer: true },
    ]);
    expect(placed.statusCode).toBe(200);
    await page.goto("/orders");
    await row(/Freezer Modificado/).click();
    await page.getByRole("button", { name: "Modificar Pedido" }).click();
    await page.waitForURL(`**/orders/${ids.freezerClient}/products?modifying_order=true`);
    // The freezer holds 1 more for this order (2 in all), 1 of them already in the cart.
    await page
      .getByRole("button", { name: /Helado reglas/ })
      .filter({ hasText: "1 UN" })
      .waitFor();
    await quantity("Helado reglas").fill("5");
    await page.getByText("No puedes superar la cantidad disponible en el Freezer Virtual.").waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[aria-label="Cantidad de Helado reglas"]')?.value === "2",
    );
  });

  it("the van loses signal as the products are asked for, with no catalogue kept: 'No se pudieron cargar productos.'", async () => {
    // A phone of its own: this context keeps the catalogue it was shown (offline-kept-data.md).
    const phone = await e2e.newContext();
    const offline = await phone.newPage();
    await loginThroughUi(offline, me.username, me.password);
    // A network fault in the browser (the connection is gone), not a stand-in for our server.
    await offline.route(
      (url) => url.pathname === "/api/products/",
      (route) => route.abort("internetdisconnected"),
    );
    await offline.goto(`/orders/${ids.client}/products`);
    await offline.getByText("No se pudieron cargar productos.", { exact: true }).waitFor();
    await phone.close();
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
