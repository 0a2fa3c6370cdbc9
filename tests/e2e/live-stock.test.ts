import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const NO_STOCK = "No cuenta con el stock necesario para este producto.";
const OFF_SALE = "⚠ Ya no está a la venta: quitalo del pedido.";
let e2e: E2E;
let otherSeller: ApiClient;
let wizard: Page;
let list: Page;
let panel: Page;
let freezer: Page;
let clientId = 0;
const ids = { merluza: 0, abadejo: 0, corvina: 0, pejerrey: 0 };

/** Resolves once the page's websocket is authenticated: an event published before that is not the page's to see. */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => String(frame.payload).includes('"type":"ready"') && resolve()),
    );
  });
}

/** Opens `path` and waits until the page both shows `text` and listens to live events. */
async function openLive(page: Page, path: string, text: string) {
  const ready = socketReady(page);
  await page.goto(path);
  await page.getByText(text).first().waitFor();
  await ready;
}

/** Every request for the page's stock (the product list, or the freezer page's own read) from now on. */
function stockRequests(page: Page, path = "/api/products/"): string[] {
  const seen: string[] = [];
  page.on("request", (request) => request.url().includes(path) && seen.push(request.url()));
  return seen;
}

const rowText = (page: Page, name: string) =>
  page
    .getByRole("row", { name: new RegExp(name) })
    .first()
    .innerText();

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  otherSeller = (await signIn(e2e.t, "Vendedor")).client;
  clientId = (await createClient(otherSeller, { name: "Almacén Stock Vivo", shipment: 2 })).id;
  ids.merluza = (await createProduct(otherSeller, { name: "Stock Vivo Merluza", quantity: 20 })).PK_Products;
  ids.abadejo = (await createProduct(otherSeller, { name: "Stock Vivo Abadejo", quantity: 10 })).PK_Products;
  ids.corvina = (await createProduct(otherSeller, { name: "Stock Vivo Corvina", quantity: 2.5 })).PK_Products;
  ids.pejerrey = (await createProduct(otherSeller, { name: "Stock Vivo Pejerrey", quantity: 30 })).PK_Products;
  const freezerOn = await otherSeller.post("/api/save_virtual_freezer/", {
    clientId,
    has_virtual_freezer: true,
    items: [],
  });
  expect(freezerOn.statusCode).toBe(200);
  const seller = await createUser(e2e.t, "Vendedor");
  const signedIn = async () => {
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, seller.username, seller.password);
    return page;
  };
  [wizard, list, panel, freezer] = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the stock a seller sees is the stock now ${skip}`, () => {
  it("another seller's order lowers the stock in the wizard, the product list, the low-stock panel and the freezer page with no request, and marks the cart line", async () => {
    await openLive(list, "/products", "Stock Vivo Merluza");
    await openLive(freezer, `/clients/${clientId}/virtual-freezer`, "Stock Vivo Merluza");
    await openLive(panel, "/orders/new", "Stock Vivo Corvina");
    await openLive(wizard, `/orders/${clientId}/products`, "Stock Vivo Merluza");
    expect(await rowText(list, "Stock Vivo Merluza")).toContain("20 kg");
    await wizard.getByRole("row", { name: /Stock Vivo Merluza/ }).click();
    await wizard.getByLabel("Cantidad de Stock Vivo Merluza").fill("15");
    await wizard.getByLabel("Cantidad de Stock Vivo Merluza").blur();
    expect(await wizard.getByText("Stock insuficiente", { exact: false }).count()).toBe(0);

    const asked = [
      stockRequests(wizard),
      stockRequests(list),
      stockRequests(panel),
      stockRequests(freezer, "/virtual-freezer/"),
    ];
    const order = await placeOrder(otherSeller, clientId, [
      { productId: ids.merluza, units: "8", type: "KG" },
      { productId: ids.corvina, units: "1", type: "KG" },
    ]);
    expect(order.statusCode).toBe(200);

    // 20 − 8 = 12 kg, under the 15 kg line: the line is marked with what is left.
    await wizard.getByText("Stock insuficiente: quedan 12 kg").waitFor();
    await wizard.waitForFunction(() =>
      /12 kg/.test(
        [...document.querySelectorAll("tr")].find((tr) => tr.textContent?.includes("Stock Vivo Merluza"))
          ?.textContent ?? "",
      ),
    );
    await list.waitForFunction(() =>
      [...document.querySelectorAll("tr")]
        .find((tr) => tr.textContent?.includes("Stock Vivo Merluza"))
        ?.textContent?.includes("12 kg"),
    );
    await panel.getByText("1,5 kg").waitFor();
    await freezer.waitForFunction(() =>
      [...document.querySelectorAll("tr")]
        .find((tr) => tr.textContent?.includes("Stock Vivo Merluza"))
        ?.textContent?.includes("12 kg"),
    );
    expect(asked).toEqual([[], [], [], []]);
  });

  it("a 409 at confirmation names the product, and 'Volver a productos' lands on the products step with the line marked", async () => {
    await wizard.getByRole("button", { name: "Quitar Stock Vivo Merluza" }).click();
    await wizard.getByRole("row", { name: /Stock Vivo Abadejo/ }).click();
    await wizard.getByLabel("Cantidad de Stock Vivo Abadejo").fill("4");
    await wizard.getByLabel("Cantidad de Stock Vivo Abadejo").blur();
    await wizard.getByRole("button", { name: "Continuar" }).click();
    await wizard.getByRole("combobox", { name: "Horario" }).click();
    await wizard.getByRole("option", { name: "Mañana" }).click();
    await wizard.getByRole("button", { name: "Continuar" }).click();
    await wizard.waitForURL(`**/orders/${clientId}/confirm`);

    // Stock corrected behind the app's back, with no event: this screen cannot know.
    await e2e.t.runtime.database.db.execute(sql`update products set quantity = 1 where id = ${ids.abadejo}`);
    await wizard.getByRole("button", { name: "Confirmar pedido" }).click();
    const alert = wizard.getByRole("alert").filter({ hasText: NO_STOCK });
    await alert.waitFor();
    expect(await alert.innerText()).toContain("Stock Vivo Abadejo");
    await wizard.locator("tr[data-short]", { hasText: "Stock Vivo Abadejo" }).waitFor();

    await alert.getByRole("button", { name: "Volver a productos" }).click();
    await wizard.waitForURL(`**/orders/${clientId}/products`);
    await wizard.getByText("Stock insuficiente: quedan 1 kg").waitFor();
    expect(await wizard.getByLabel("Cantidad de Stock Vivo Abadejo").inputValue()).toBe("4");
  });

  it("another seller's new price reprices the cart and marks its line, and rewrites the product lists, with no request", async () => {
    const asked = [stockRequests(wizard), stockRequests(list)];
    expect(await wizard.getByText(/^Total: \$\s4\.000$/).count()).toBe(1);
    const edited = await otherSeller.post(`/api/products/update/${ids.abadejo}/`, {
      name: "Stock Vivo Abadejo",
      quantity: 1,
      price: 1250,
      unitWeight: 0.5,
      isWeighted: true,
      isFeaturedProduct: false,
      principalProductId: 0,
    });
    expect(edited.statusCode).toBe(200);

    // 4 kg at $ 1.250: the total the seller reads out is the one the order will be saved with.
    await wizard.getByText(/Precio actualizado: antes \$\s1\.000, ahora \$\s1\.250/).waitFor();
    await wizard.getByText(/^Total: \$\s5\.000$/).waitFor();
    await list.waitForFunction(() =>
      /1\.250,00/.test(
        [...document.querySelectorAll("tr")].find((tr) => tr.textContent?.includes("Stock Vivo Abadejo"))
          ?.textContent ?? "",
      ),
    );
    expect(asked).toEqual([[], []]);
  });

  it("shows the marks whole at 390, 768 and 1440 px, with no serious axe finding", async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await wizard.setViewportSize(size);
      await wizard.goto(`/orders/${clientId}/products`);
      if (size.width < 1200) {
        // The cart's summary bar says so before the cart is opened.
        await wizard.getByText("1 producto sin stock suficiente").waitFor();
        if (SHOTS) await wizard.screenshot({ path: `${SHOTS}/products-bar-${name}.png` });
        await wizard.getByRole("button", { name: "Ver pedido" }).click();
      }
      await wizard.getByText("Stock insuficiente: quedan 1 kg").waitFor();
      await wizard.getByText(/Precio actualizado/).waitFor();
      await settled(wizard);
      expect(await horizontalOverflow(wizard), name).toBeLessThanOrEqual(0);
      expect(await seriousViolations(wizard), name).toEqual([]);
      if (SHOTS) await wizard.screenshot({ path: `${SHOTS}/products-${name}.png`, fullPage: true });

      await wizard.goto(`/orders/${clientId}/confirm`);
      await wizard.getByRole("button", { name: "Confirmar pedido" }).click();
      await wizard.getByRole("alert").filter({ hasText: NO_STOCK }).waitFor();
      await wizard.getByText(/Precio actualizado/).waitFor();
      // The pointer leaves the button it pressed: axe judges the page at rest, not a hovered button.
      await wizard.mouse.move(0, 0);
      await settled(wizard);
      expect(await horizontalOverflow(wizard), name).toBeLessThanOrEqual(0);
      expect(await seriousViolations(wizard), name).toEqual([]);
      if (SHOTS) await wizard.screenshot({ path: `${SHOTS}/confirm-${name}.png`, fullPage: true });
    }
  });

  it("a product taken off sale leaves the lists with no request and marks its cart line, which the seller takes out", async () => {
    await openLive(wizard, `/orders/${clientId}/products`, "Stock Vivo Pejerrey");
    await openLive(list, "/products", "Stock Vivo Pejerrey");
    await wizard.getByRole("row", { name: /Stock Vivo Pejerrey/ }).click();
    await wizard.getByLabel("Cantidad de Stock Vivo Pejerrey").waitFor();
    const asked = [stockRequests(wizard), stockRequests(list)];
    expect((await otherSeller.post(`/api/products/delete/${ids.pejerrey}/`)).statusCode).toBe(200);

    const mark = wizard.getByText(OFF_SALE);
    await mark.waitFor();
    await list.getByRole("row", { name: /Stock Vivo Pejerrey/ }).waitFor({ state: "detached" });
    expect(asked).toEqual([[], []]);
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await wizard.setViewportSize(size);
      const inDrawer = size.width < 1200;
      if (inDrawer) await wizard.getByRole("button", { name: "Ver pedido" }).click();
      await mark.waitFor();
      await settled(wizard);
      expect(await horizontalOverflow(wizard), name).toBeLessThanOrEqual(0);
      expect(await seriousViolations(wizard), name).toEqual([]);
      if (SHOTS) await wizard.screenshot({ path: `${SHOTS}/off-sale-${name}.png` });
      if (inDrawer) {
        await wizard.keyboard.press("Escape");
        await wizard.getByRole("dialog").waitFor({ state: "detached" });
      }
    }
    await wizard.getByRole("button", { name: "Quitar Stock Vivo Pejerrey" }).click();
    await mark.waitFor({ state: "detached" });
    expect(await wizard.getByLabel("Cantidad de Stock Vivo Abadejo").inputValue()).toBe("4");
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
