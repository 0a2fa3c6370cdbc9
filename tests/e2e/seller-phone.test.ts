import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, VIEWPORTS, type ViewportName } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let api: ApiClient;
const pages = new Map<ViewportName, Page>();
const WIDTHS = Object.keys(VIEWPORTS) as ViewportName[];
const ids = { client: 0, loose: 0 };

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Vendedor")).client;
  ids.client = (await createClient(api, { name: "Teléfono Cliente Nuevo", shipment: 2 })).id;
  ids.loose = (await createProduct(api, { name: "Hielo suelto teléfono", quantity: 50, unitWeight: 0 })).PK_Products;
  const seller = await createUser(e2e.t, "Vendedor");
  // One signed-in page per width, side by side, axe-core preloaded in each.
  await Promise.all(
    WIDTHS.map(async (viewport) => {
      const context = await e2e.newContext({ viewport: VIEWPORTS[viewport] });
      await preloadAxe(context);
      const page = await context.newPage();
      await loginThroughUi(page, seller.username, seller.password);
      pages.set(viewport, page);
    }),
  );
});
afterAll(async () => {
  await e2e?.close();
});

const phone = () => pages.get("phone")!;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true }) : null;

/** The problems found at each width: horizontal overflow and axe's critical or serious findings. */
async function atEveryWidth(check: (page: Page) => Promise<void>) {
  const found = await Promise.all(
    WIDTHS.map(async (viewport) => {
      const page = pages.get(viewport)!;
      await check(page);
      const overflow = await horizontalOverflow(page);
      return [...(overflow > 0 ? [`${overflow}px overflow`] : []), ...(await seriousViolations(page))].map(
        (p) => `${viewport}: ${p}`,
      );
    }),
  );
  return found.flat();
}

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

  it("'Crear cliente' says which fields hold it back, at every width, and passes axe", async () => {
    const problems = await atEveryWidth(async (page) => {
      await page.goto("/create-client");
      await page.getByLabel("Nombre").fill("Ana Pérez");
      await page.getByLabel("Dirección").fill("Mitre 500");
      await page.getByLabel("Teléfono").fill("11 4000-1234");
      const why = page.getByText("Para crear el cliente completá: Localidad y Zona.");
      await why.waitFor();
      expect(await page.getByRole("button", { name: "Crear cliente" }).isDisabled()).toBe(true);
      await shot(page, "create-client");
    });
    expect(problems).toEqual([]);
  });
});
