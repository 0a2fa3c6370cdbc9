import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatIsoDate, todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "../helpers/app";
import { sendRouteOf } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { orderDetails, placeOrder, stockOf } from "../helpers/orders";

/**
 * Lots and expiry (issue 42) in Chromium: an Admin receives a lot at 1440 px, a preparer at
 * 768 px takes the suggested lots (first expiry first, 'Sin lote' for what they cannot cover)
 * or scans another, and the office finds, prints and exports every client who got a lot.
 */

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const today = todayInBuenosAires();
const HAKE = "Merluza en filet";
const PRAWNS = "Langostinos";
const SQUID = "Anillas de calamar";
const CLIENT = "Almacén Don Tito";
const OTHER = "Rotisería La Esquina";
const dmy = (days: number) => formatIsoDate(addDays(today, days));

let e2e: E2E;
let admin: ApiClient;
let office: Page;
let tablet: Page;
const ids = { hake: 0, prawns: 0, squid: 0, first: 0, second: 0, received: 0 };

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** At every width: nothing runs off sideways, axe finds nothing serious, and a picture to look at. */
async function everyWidth(page: Page, name: string) {
  for (const [width, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await settled(page);
    expect(await horizontalOverflow(page), `${name} at ${width}`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
    await shot(page, `lots-${name}-${width}`);
  }
}

async function signedIn(group: "Admin" | "Preparador", viewport: { width: number; height: number }) {
  const context = await e2e.newContext({ viewport });
  await preloadAxe(context);
  const page = await context.newPage();
  const user = await createUser(e2e.t, group);
  await loginThroughUi(page, user.username, user.password);
  return page;
}

const lotsOf = async (orderId: number) =>
  (await admin.get(`/api/orders/${orderId}/`))
    .json()
    .products.map((p: { product_name: string; lots: { code: string; quantity: string }[]; without_lot: string }) => ({
      product: p.product_name,
      lots: p.lots.map((l) => `${l.code} ${l.quantity}`),
      without_lot: p.without_lot,
    }));

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  admin = (await signIn(e2e.t, "Admin")).client;
  ids.hake = (await createProduct(admin, { name: HAKE, quantity: 50, price: 8900, unitWeight: 1 })).PK_Products;
  ids.prawns = (await createProduct(admin, { name: PRAWNS, quantity: 20, price: 21000, unitWeight: 1 })).PK_Products;
  ids.squid = (await createProduct(admin, { name: SQUID, quantity: 10, price: 15000, unitWeight: 1 })).PK_Products;
  const receive = async (product: number, code: string, expiry: string, quantity: string) => {
    const response = await admin.post(`/api/products/${product}/lots/`, { code, expiry, quantity });
    expect(response.statusCode).toBe(201);
  };
  await receive(ids.hake, "L-0399", addDays(today, 2), "5");
  await receive(ids.hake, "L-0300", addDays(today, 1), "3");
  await receive(ids.prawns, "P-77", addDays(today, 6), "2");
  await receive(ids.squid, "C-12", addDays(today, 4), "6,5");
  // Time passes for L-0300: it expired yesterday, with its 3 kg still in the cold room.
  await e2e.t.runtime.database.db.execute(sql`update lots set expiry = ${addDays(today, -1)} where code = 'L-0300'`);
  const order = async (name: string, items: { productId: number; units: string; type: "KG" }[]) => {
    const { id } = await createClient(admin, { name, phone: "011 4253-1234" });
    const placed = await placeOrder(admin, id, items, { orderData: orderDetails({ date: today }) });
    expect(placed.statusCode).toBe(200);
    return placed.json().order_id as number;
  };
  ids.first = await order(OTHER, [{ productId: ids.hake, units: "2", type: "KG" }]);
  ids.second = await order(CLIENT, [
    { productId: ids.hake, units: "12", type: "KG" },
    { productId: ids.prawns, units: "3", type: "KG" },
  ]);
  office = await signedIn("Admin", VIEWPORTS.desktop);
  tablet = await signedIn("Preparador", VIEWPORTS.tablet);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`lots and expiry in Chromium (issue 42) ${skip}`, () => {
  it("an Admin at 1440 px receives a lot on the product: its lots first expiry first, the expired one marked, the stock grown", async () => {
    const stock = Number(await stockOf(admin, ids.hake));
    await office.goto("/products");
    const expiring = office.getByRole("region", { name: "Lotes por vencer" });
    await expiring.getByRole("link", { name: `Lote L-0399 de ${HAKE}` }).waitFor();
    await office
      .getByRole("table", { name: "Productos" })
      .getByRole("row", { name: new RegExp(HAKE) })
      .click();
    await office.getByRole("dialog", { name: "Editar producto" }).getByRole("link", { name: "Lotes" }).click();
    await office.waitForURL(`**/products/${ids.hake}/lotes`);
    await office.getByRole("heading", { level: 1, name: `Lotes de ${HAKE}` }).waitFor();

    const form = office.getByRole("form", { name: "Ingresar lote" });
    await form.getByLabel("Código del lote").fill("L-0425");
    await form.getByLabel("Vencimiento").fill(addDays(today, 30));
    await form.getByLabel("Kilos").fill("12,5");
    await form.getByRole("button", { name: "Ingresar lote" }).click();
    const table = office.getByRole("table", { name: `Lotes de ${HAKE}` });
    await table.getByRole("row", { name: /L-0425/ }).waitFor();
    // First expiry first: the expired lot (marked), the one of the day after tomorrow, the new one.
    const rows = await table.locator("tbody tr").allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, " ").trim())).toEqual([
      `L-0300 ${dmy(-1)} Vencido 3 kg 3 kg`,
      `L-0399 ${dmy(2)} 5 kg 5 kg`,
      `L-0425 ${dmy(30)} 12,5 kg 12,5 kg`,
    ]);
    expect(Number(await stockOf(admin, ids.hake))).toBeCloseTo(stock + 12.5, 3);
    const lots = (await admin.get(`/api/products/${ids.hake}/lots/`)).json().results;
    ids.received = lots.find((l: { code: string }) => l.code === "L-0425").id;

    // The same code with another expiry is another lot's code: refused, said under the code.
    await form.getByLabel("Código del lote").fill("L-0425");
    await form.getByLabel("Vencimiento").fill(addDays(today, 40));
    await form.getByLabel("Kilos").fill("1");
    await form.getByRole("button", { name: "Ingresar lote" }).click();
    await form.getByText(/El lote L-0425 ya está ingresado con vencimiento/).waitFor();
    await everyWidth(office, "product-lots");
  });

  it("a preparer at 768 px takes the suggested lots first expiry first, or scans another; what lots cannot cover says 'Sin lote'", async () => {
    await tablet.goto("/admin/preparation");
    await tablet.getByRole("button", { name: new RegExp(`^Pedido #${ids.first}\\b`) }).click();
    let dialog = tablet.getByRole("dialog", { name: new RegExp(`^Pedido #${ids.first}`) });
    // The expired lot is skipped: the suggestion is the one expiring the day after tomorrow.
    await dialog.getByText(`Lote L-0399 · vence ${dmy(2)} · 2 kg`).waitFor();
    const other = dialog.getByLabel(`Otro lote de ${HAKE}`);
    await other.fill("L-0300");
    await other.press("Enter");
    await dialog.getByText(`El lote L-0300 venció el ${dmy(-1)}.`).waitFor();
    // A handheld scanner types the box's GS1-128 label (GTIN, lot, expiry) and Enter.
    const yymmdd = addDays(today, 30).slice(2).replace(/-/g, "");
    await other.fill(`(01)07791234567898(10)L-0425(17)${yymmdd}`);
    await other.press("Enter");
    await dialog.getByText("Lote elegido").waitFor();
    await dialog.getByText(`Lote L-0425 · vence ${dmy(30)} · 2 kg`).waitFor();
    await settled(tablet);
    expect(await seriousViolations(tablet)).toEqual([]);
    expect(await horizontalOverflow(tablet)).toBeLessThanOrEqual(0);
    await shot(tablet, "lots-checklist-chosen-768");
    await dialog.getByRole("checkbox", { name: new RegExp(`^${HAKE}`) }).check();
    await dialog.getByRole("button", { name: "Preparado!" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await lotsOf(ids.first)).toEqual([{ product: HAKE, lots: ["L-0425 2.000"], without_lot: "0.000" }]);

    await tablet.getByRole("button", { name: new RegExp(`^Pedido #${ids.second}\\b`) }).click();
    dialog = tablet.getByRole("dialog", { name: new RegExp(`^Pedido #${ids.second}`) });
    // 12 kg: the 5 kg of L-0399, then 7 of L-0425; the prawns' only lot holds 2 of 3 kg.
    await dialog.getByText(`Lote L-0399 · vence ${dmy(2)} · 5 kg`).waitFor();
    await dialog.getByText(`Lote L-0425 · vence ${dmy(30)} · 7 kg`).waitFor();
    await dialog.getByText(`Lote P-77 · vence ${dmy(6)} · 2 kg`).waitFor();
    await dialog.getByText("Sin lote · 1 kg").waitFor();
    for (const [name, size] of [
      ["768", VIEWPORTS.tablet],
      ["390", VIEWPORTS.phone],
    ] as const) {
      await tablet.setViewportSize(size);
      await settled(tablet);
      expect(await seriousViolations(tablet)).toEqual([]);
      expect(await horizontalOverflow(tablet)).toBeLessThanOrEqual(0);
      await shot(tablet, `lots-checklist-suggested-${name}`);
    }
    await tablet.setViewportSize(VIEWPORTS.tablet);
    await dialog.getByRole("checkbox", { name: new RegExp(`^${HAKE}`) }).check();
    await dialog.getByRole("checkbox", { name: new RegExp(`^${PRAWNS}`) }).check();
    await dialog.getByRole("button", { name: "Preparado!" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await lotsOf(ids.second)).toEqual([
      { product: HAKE, lots: ["L-0399 5.000", "L-0425 7.000"], without_lot: "0.000" },
      { product: PRAWNS, lots: ["P-77 2.000"], without_lot: "1.000" },
    ]);
  });

  it("the order's detail, its remito and the route sheet show each line's lot and expiry", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto("/orders");
    await office.getByRole("row", { name: new RegExp(`#${ids.second}\\b`) }).click();
    const detail = office.getByRole("dialog", { name: `Pedido #${ids.second}` });
    await detail.getByText(`Lote L-0399 · vence ${dmy(2)} · 5 kg`).waitFor();
    await detail.getByText(`Lote L-0425 · vence ${dmy(30)} · 7 kg`).waitFor();
    await detail.getByText("Sin lote · 1 kg").waitFor();
    await everyWidth(office, "order-detail");

    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto(`/imprimir/remito/${ids.second}`);
    await office.getByText(`Lote P-77 · vence ${dmy(6)} · 2 kg`).waitFor();
    await office.getByText("Sin lote · 1 kg").waitFor();
    await shot(office, "lots-remito-1440");
    await office.goto(`/imprimir/remito/${ids.second}?papel=80mm`);
    await office.getByText(`Lote L-0425 · vence ${dmy(30)} · 7 kg`).waitFor();
    await shot(office, "lots-remito-80mm");

    // Sent with Cadete 1: the route sheet prints what each stop's order took of each lot.
    const courier = await createUser(e2e.t, "Cadete");
    expect((await admin.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(200);
    await sendRouteOf(admin, today, 1, [ids.second]);
    await office.goto(`/imprimir/ruta/1?fecha=${today}`);
    await office.getByText(`${HAKE}: Lote L-0425 · vence ${dmy(30)} · 7 kg`).waitFor();
    await office.getByText(`${PRAWNS}: Lote P-77 · vence ${dmy(6)} · 2 kg`).waitFor();
    await shot(office, "lots-route-sheet-1440");
    await office.goto(`/imprimir/ruta/1?fecha=${today}&papel=80mm`);
    await office.getByText(`${HAKE}: Lote L-0399 · vence ${dmy(2)} · 5 kg`).waitFor();
    await shot(office, "lots-route-sheet-80mm");
  });

  it("a lot's trace lists every order that took it, printed on its paper and exported for a spreadsheet", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto(`/products/${ids.hake}/lotes`);
    await office.getByRole("link", { name: "Lote L-0425: a quién se entregó" }).click();
    await office.waitForURL(`**/lotes/${ids.received}`);
    const table = office.getByRole("table", { name: "Pedidos que tomaron el lote" });
    await table.getByRole("row", { name: new RegExp(CLIENT) }).waitFor();
    const rows = (await table.locator("tbody tr").allInnerTexts()).map((r) => r.replace(/\s+/g, " ").trim());
    expect(rows.sort()).toEqual(
      [
        `#${ids.first} ${OTHER} 011 4253-1234 ${dmy(0)} 2 kg Armado`,
        `#${ids.second} ${CLIENT} 011 4253-1234 ${dmy(0)} 7 kg Enviado`,
      ].sort(),
    );
    await office.getByText("9 kg en 2 pedidos").waitFor();
    await everyWidth(office, "trace");

    // Printed: only the paper, as a real PDF.
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.emulateMedia({ media: "print" });
    expect(await office.getByTestId("print-toolbar").isVisible()).toBe(false);
    expect(await office.getByTestId("print-doc").isVisible()).toBe(true);
    const pdf = await office.pdf({ format: "A4", printBackground: true });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await office.emulateMedia({ media: "screen" });

    const [download] = await Promise.all([
      office.waitForEvent("download"),
      office.getByRole("button", { name: "Exportar (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lote-L-0425-${today}.csv`);
    const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(lines[0]).toContain('"Pedido";"Cliente";"Nombre";"Teléfono";"Entrega";"Kilos";"Estado"');
    expect(lines.filter((l) => l.includes(`"${CLIENT}";"011 4253-1234";${dmy(0)};7,000;"Enviado"`))).toHaveLength(1);
  });

  it("'Lotes por vencer' lists the lots with kilograms left expiring within a week on an Admin's home, within the days asked on /products", async () => {
    await office.goto("/");
    const expiring = office.getByRole("region", { name: "Lotes por vencer" });
    // The squid's lot in four days; L-0399 and P-77 were emptied by the orders, L-0300 expired
    // yesterday, L-0425 is a month away.
    await expiring.getByRole("link", { name: `Lote C-12 de ${SQUID}` }).waitFor();
    await expiring.getByText("6,5 kg").waitFor();
    expect(await expiring.getByRole("link").count()).toBe(1);
    await everyWidth(office, "home");
    await office.goto("/products");
    const onProducts = office.getByRole("region", { name: "Lotes por vencer" });
    await onProducts.getByLabel("Días").fill("30");
    await onProducts.getByRole("link", { name: `Lote L-0425 de ${HAKE}` }).waitFor();
    expect(await onProducts.getByRole("link").allInnerTexts()).toEqual(["C-12", "L-0425"]);
    await everyWidth(office, "products-expiring");
  });

  it("'Ingresar lote' sent again after its answer was lost, or pressed twice, adds the kilograms once", async () => {
    const stock = Number(await stockOf(admin, ids.squid));
    const received = async (code: string) =>
      (await admin.get(`/api/products/${ids.squid}/lots/`))
        .json()
        .results.filter((l: { code: string }) => l.code === code)
        .map((l: { received: string }) => l.received);
    const keys: string[] = [];
    let lost = false;
    await office.route(`**/api/products/${ids.squid}/lots/`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (lost) return route.continue();
      lost = true;
      await route.fetch(); // the server receives the lot …
      await route.abort("connectionreset"); // … and its answer never reaches the screen
    });
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto(`/products/${ids.squid}/lotes`);
    const form = office.getByRole("form", { name: "Ingresar lote" });
    await form.getByLabel("Código del lote").fill("C-40");
    await form.getByLabel("Vencimiento").fill(addDays(today, 60));
    await form.getByLabel("Kilos").fill("4");
    await form.getByRole("button", { name: "Ingresar lote" }).click();
    await office.getByText("No se pudo ingresar el lote.").waitFor();
    expect(await received("C-40")).toEqual(["4.000"]);
    // The form kept what was typed: pressed again, the server answers the lot it already has.
    await form.getByRole("button", { name: "Ingresar lote" }).click();
    const table = office.getByRole("table", { name: `Lotes de ${SQUID}` });
    await table.getByRole("row", { name: /C-40/ }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await received("C-40")).toEqual(["4.000"]);

    // A double click on a new lot adds it once; whatever reaches the server carries one key.
    keys.length = 0;
    await form.getByLabel("Código del lote").fill("C-41");
    await form.getByLabel("Vencimiento").fill(addDays(today, 60));
    await form.getByLabel("Kilos").fill("2,5");
    await form.getByRole("button", { name: "Ingresar lote" }).dblclick();
    await table.getByRole("row", { name: /C-41/ }).waitFor();
    await expect.poll(async () => (await received("C-41")).join()).toBe("2.500");
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/\S/);
    expect(Number(await stockOf(admin, ids.squid))).toBeCloseTo(stock + 6.5, 3);
    await office.unroute(`**/api/products/${ids.squid}/lots/`);
  });
});
