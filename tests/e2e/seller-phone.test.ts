import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { cutTexts, horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let api: ApiClient;
let phonePage: Page;
const ids = { client: 0, loose: 0, beef: 0, fish: 0 };

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Vendedor")).client;
  ids.client = (await createClient(api, { name: "Teléfono Cliente Nuevo", shipment: 2 })).id;
  ids.loose = (await createProduct(api, { name: "Hielo suelto teléfono", quantity: 50, unitWeight: 0 })).PK_Products;
  // Amounts long on a phone: 12,5 kg of $ 125.400 ($ 1.567.500), 3 kg of $ 18.999,50 ($ 56.999).
  ids.beef = (await createProduct(api, { name: "Lomo entero teléfono", quantity: 100, price: 125400 })).PK_Products;
  ids.fish = (await createProduct(api, { name: "Salmón rosado teléfono", quantity: 100, price: 18999.5 })).PK_Products;
  const seller = await createUser(e2e.t, "Vendedor");
  // The seller's phone; tests/e2e/devices.test.ts checks these routes at 768 and 1440 px with axe.
  const context = await e2e.newContext({ viewport: VIEWPORTS.phone });
  await preloadAxe(context);
  phonePage = await context.newPage();
  await loginThroughUi(phonePage, seller.username, seller.password);
});
afterAll(async () => {
  await e2e?.close();
});

const phone = () => phonePage;
/** A table's row, or the card it becomes below 62em. */
const entry = (page: Page, name: RegExp) =>
  page.getByRole("button", { name }).or(page.getByRole("row", { name })).first();
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true }) : null;

describe.skipIf(!!skip)(`the seller's screens against SPEC.md ${skip}`, () => {
  it("an unknown path renders inside the inner shell: header, menu and footer (SPEC.md §2)", async () => {
    // tests/e2e/devices.test.ts checks it at every width with axe; here, that it is the shell.
    const page = phone();
    await page.goto("/pedidos-viejos/123");
    await page.getByRole("heading", { name: "Página no encontrada" }).waitFor();
    await page.getByText("Frío · distribución de congelados").waitFor();
    expect(new URL(page.url()).pathname).toBe("/pedidos-viejos/123");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("link", { name: "Nuevo Pedido" }).click();
    await page.waitForURL("**/orders/new");
  });

  it("the virtual freezer refuses UN for a product without a unit weight as the type is chosen (SPEC.md §5)", async () => {
    const page = phone();
    await page.goto(`/clients/${ids.client}/virtual-freezer`);
    await page.getByLabel("¿Tiene Freezer Virtual?").check();
    await page.getByLabel("Buscar producto").fill("hielo suelto");
    await page.getByRole("row", { name: /Hielo suelto teléfono/ }).click();
    const type = page.getByRole("combobox", { name: "Tipo de Hielo suelto teléfono" });
    await type.click();
    await page.getByRole("option", { name: "UN" }).click();
    await page.getByText("Este producto no puede venderse por unidad.").waitFor();
    expect(await type.inputValue()).toBe("KG");
    await page.getByRole("button", { name: "Guardar freezer" }).click();
    await page.getByText("Freezer virtual guardado con éxito.").waitFor();
    const freezer = (await api.get(`/api/clients/${ids.client}/virtual-freezer/`)).json();
    expect(freezer.cart.items).toEqual([expect.objectContaining({ PK_Products: ids.loose, Type: "KG" })]);
  });

  it("'Crear cliente' says which fields hold it back, and passes axe", async () => {
    const page = phone();
    await page.goto("/create-client");
    await page.getByLabel("Nombre").fill("Ana Pérez");
    await page.getByLabel("Dirección").fill("Mitre 500");
    await page.getByLabel("Teléfono").fill("11 4000-1234");
    await page.getByText("Para crear el cliente completá: Localidad y Zona.").waitFor();
    expect(await page.getByRole("button", { name: "Crear cliente" }).isDisabled()).toBe(true);
    await shot(page, "create-client");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("home at 390×844: 'Nuevo Pedido' on the first screen, and nothing moves as the day's figures arrive", async () => {
    const page = phone();
    // Every layout shift the page makes from its first byte (not those right after an input).
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A phone's network: the figures and the sales come 0,6 s after the page (the real server answers them).
    const slow = (url: URL) => /^\/api\/home\/(figures|sales)\/$/.test(url.pathname);
    await page.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    try {
      await page.goto("/");
      const tile = page.getByRole("link", { name: "Nuevo Pedido" });
      await tile.waitFor();
      await page.getByRole("heading", { name: "Tus ventas de los últimos 14 días" }).waitFor();
      await page.getByRole("img", { name: /Gráfico de barras de las ventas/ }).waitFor();
      await page.locator(".mantine-Loader-root").first().waitFor({ state: "detached" });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // Once everything has arrived, the tile is still on the first screen.
      const box = (await tile.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      await shot(page, "home");
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift).toBeLessThan(0.1);
    } finally {
      await page.unroute(slow);
    }
  });

  it("the phone's order: no repeat for a new client, price per cart line, notices clear of the buttons, amounts whole", async () => {
    const page = phone();
    await page.goto("/orders/new");
    await page.getByLabel("Buscar cliente").fill("teléfono cliente nuevo");
    await entry(page, /Teléfono Cliente Nuevo/).click();
    await page.waitForURL(`**/orders/${ids.client}/products`);
    await entry(page, /Lomo entero teléfono/).click();
    await page.getByRole("row", { name: /Salmón rosado teléfono/ }).click();
    await page.getByRole("row", { name: /Hielo suelto teléfono/ }).click();
    await shot(page, "products");
    // A client with no order is not offered 'Repetir último pedido'.
    expect(await page.getByRole("button", { name: "Repetir último pedido" }).count()).toBe(0);

    await page.getByRole("button", { name: "Ver pedido" }).click();
    const cart = page.getByRole("dialog", { name: "Pedido" });
    await cart.getByLabel("Cantidad de Salmón rosado teléfono").fill("3");
    await cart.getByLabel("Cantidad de Lomo entero teléfono").fill("12,5");
    // Each line's amount, beside its name.
    await cart.getByText("$ 56.999", { exact: true }).waitFor();
    await cart.getByText("$ 1.567.500", { exact: true }).waitFor();
    // Five refusals in a row: at most three notices at once, none over 'Continuar'. The pointer
    // rests on the first notice (which holds every notice's 5 s) while the keyboard asks for the rest.
    const type = cart.getByRole("combobox", { name: "Tipo de Hielo suelto teléfono" });
    await type.click();
    await page.getByRole("option", { name: "UN" }).click();
    const notices = page.locator(".mantine-Notification-root");
    await notices.first().hover();
    const un = page.getByRole("option", { name: "UN" });
    for (let i = 0; i < 4; i++) {
      await type.focus();
      await page.keyboard.press("ArrowDown");
      await un.waitFor();
      // The arrows move over the options only once they are rendered, a frame or more after the
      // list opens: the keyboard goes down until UN is the option marked, as a person watching would.
      for (let presses = 0; presses < 10 && (await un.getAttribute("data-combobox-selected")) === null; presses++)
        await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.getByRole("listbox").waitFor({ state: "detached" });
    }
    await notices.nth(2).waitFor();
    await shot(page, "cart-notices");
    expect(await notices.count()).toBeLessThanOrEqual(3);
    // The notices on screen pass axe too (their close button is named).
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    const covers = async (name: string) => {
      const button = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
      const boxes = await notices.evaluateAll((all) => all.map((n) => n.getBoundingClientRect().toJSON()));
      return boxes.some(
        (b: DOMRect) =>
          b.left < button.x + button.width &&
          button.x < b.right &&
          b.top < button.y + button.height &&
          button.y < b.bottom,
      );
    };
    expect(await covers("Continuar")).toBe(false);
    await page.keyboard.press("Escape");
    await cart.waitFor({ state: "detached" });
    expect(await covers("Ver pedido")).toBe(false);

    await page.getByRole("button", { name: "Ver pedido" }).click();
    await cart.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/delivery`);
    await page.getByRole("combobox", { name: "Horario" }).click();
    await page.getByRole("option", { name: "Mañana" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/confirm`);
    const table = page.getByRole("table", { name: "Productos del pedido" });
    await table.getByText("Salmón rosado teléfono").waitFor();
    await shot(page, "confirm");
    // Every amount whole on screen: no text cut or pushed past its box.
    expect(await cutTexts(page, "main")).toEqual([]);
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.waitForURL("**/orders/new");

    await page.goto("/orders");
    await entry(page, /Teléfono Cliente Nuevo/).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Salmón rosado teléfono").waitFor();
    await shot(page, "order-dialog");
    expect(await cutTexts(page, "[role=dialog]")).toEqual([]);
  });
});
