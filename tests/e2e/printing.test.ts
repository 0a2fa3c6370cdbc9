import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { cutTexts, horizontalOverflow, seriousViolations, settled, VIEWPORTS, wrappedTexts } from "../helpers/devices";
import { assignThroughApi, dispatcherPage, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let page: Page;
const today = todayInBuenosAires();
const ids: number[] = [];

/** Whether the toolbar and the document show, as the page is now (screen or print media). */
const shown = async (page: Page) => ({
  toolbar: await page.getByTestId("print-toolbar").isVisible(),
  document: await page.getByTestId("print-doc").isVisible(),
});

/** The PDF Chromium prints of the page at a paper size: non-empty, a real PDF, how many pages. */
async function pdf(page: Page, size: { format: "A4" } | { width: string }) {
  const bytes = await page.pdf({ ...size, printBackground: true, preferCSSPageSize: "format" in size });
  const text = bytes.toString("latin1");
  return {
    pdf: text.startsWith("%PDF-"),
    size: bytes.length,
    pages: (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length,
  };
}

beforeAll(async () => {
  if (skip) return;
  const started = await startDispatchE2E();
  e2e = started.e2e;
  const products = {
    kg: (await createProduct(started.seller, { name: "Milanesas de pollo", quantity: 500, price: 6400 })).PK_Products,
    un: (await createProduct(started.seller, { name: "Pizza muzzarella", quantity: 500, isWeighted: false }))
      .PK_Products,
  };
  const { lat, lng } = e2e.t.config.depot;
  for (const [name, offset, notes] of [
    ["Almacén Don Tito", 0.03, ""],
    // A long note widens the address column: the short columns beside it must still read whole.
    [
      "Rotisería La Esquina",
      0.01,
      "Tocar timbre del portón verde; si no atiende nadie dejar con el encargado del depósito de la vuelta, que paga con cambio",
    ],
  ] as const) {
    const { id: clientId } = await createClient(started.seller, { name, phone: "011 4253-1234" });
    const id = await confirmOrder(
      started.seller,
      { date: today, clientId, latitude: lat - offset, longitude: lng, notes },
      products,
    );
    expect((await started.preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    await assignThroughApi(started.dispatcherApi, today, id, 1);
    ids.push(id);
  }
  const courier = await createUser(e2e.t, "Cadete");
  expect(
    (await started.dispatcherApi.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode,
  ).toBe(200);
  expect(
    (await started.dispatcherApi.post("/api/dispatch/send-route/", { courier: 1, order_ids: ids })).statusCode,
  ).toBe(200);
  page = await dispatcherPage(e2e);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`printing a remito and a route sheet from the browser ${skip}`, () => {
  it("the order's detail opens its remito with the spec's fields; print shows only the paper, in A4 and 80 mm", async () => {
    await page.goto("/orders");
    await page.getByRole("row", { name: /Almacén Don Tito/ }).click();
    // The detail names the price per kilogram, and a UN line shows its units and weight beside it.
    const lines = page.getByRole("dialog").getByRole("table", { name: "Productos del pedido" });
    await lines.getByText("Pizza muzzarella").waitFor();
    expect(await lines.getByRole("columnheader").allInnerTexts()).toEqual([
      "Producto",
      "Tipo",
      "Cantidad",
      "Peso",
      "Precio por kg",
      "Subtotal",
    ]);
    expect(await lines.getByRole("row", { name: /Pizza muzzarella/ }).innerText()).toMatch(
      /^Pizza muzzarella\s+UN\s+2 u\.\s+1 kg\s+\$\s1\.000,00\s+\$\s1\.000,00$/,
    );
    // The history in words: where the order went and to whom, never an event's type.
    const history = await page.getByRole("dialog").locator(".mantine-Timeline-itemTitle").allInnerTexts();
    expect(history).toEqual(["Pedido confirmado", "Confirmado → Armado", "Asignado a Cadete 1", "Armado → Enviado"]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail-1440.png` });
    await page.getByRole("dialog").getByRole("link", { name: "Imprimir remito" }).click();
    await page.waitForURL(`**/imprimir/remito/${ids[0]}`);
    const doc = page.getByTestId("print-doc");
    await doc.getByRole("heading", { name: `Remito · Pedido #${ids[0]}` }).waitFor();
    const text = await doc.innerText();
    for (const field of [
      "Fecha",
      "Almacén Don Tito",
      "Mitre 500",
      "011 4253-1234",
      "Vendedor Prueba",
      "Forma de pago",
      "Milanesas de pollo",
      "Pizza muzzarella",
      "Subtotal",
      "Envío",
      "Total",
    ])
      expect(text).toContain(field);
    expect(await doc.getByRole("table", { name: "Productos" }).getByRole("row").count()).toBe(3);
    // A UN line: units, weight and price per kilogram, so the client can check the amount.
    expect(await doc.getByRole("row", { name: /Pizza muzzarella/ }).innerText()).toMatch(
      /^Pizza muzzarella\s+2 u\.\s+1 kg\s+\$\s1\.000,00 por kg\s+\$\s1\.000,00$/,
    );

    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await settled(page);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(await shown(page)).toEqual({ toolbar: true, document: true });
    await page.emulateMedia({ media: "print" });
    expect(await shown(page)).toEqual({ toolbar: false, document: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/remito-a4-print.png`, fullPage: true });
    expect(await pdf(page, { format: "A4" })).toEqual({ pdf: true, size: expect.any(Number), pages: 1 });
    expect((await pdf(page, { format: "A4" })).size).toBeGreaterThan(5000);

    await page.emulateMedia({ media: "screen" });
    await page.getByRole("radiogroup", { name: "Papel" }).getByText("80 mm").click();
    await page.waitForURL("**?papel=80mm");
    // The address changes first; the page re-renders on the roll a moment later.
    await page.locator('[data-testid="print-doc"][data-paper="80mm"]').waitFor();
    expect(await doc.getByTestId("remito-line").count()).toBe(2);
    expect(await doc.getByTestId("remito-line").filter({ hasText: "Pizza muzzarella" }).innerText()).toMatch(
      /2 u\. · 1 kg × \$\s1\.000,00 por kg\s+\$\s1\.000,00/,
    );
    await page.setViewportSize({ width: 302, height: 900 });
    await page.emulateMedia({ media: "print" });
    expect(await shown(page)).toEqual({ toolbar: false, document: true });
    // The roll is 80 mm wide: nothing of the note runs off its side.
    expect(await horizontalOverflow(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/remito-80mm-print.png`, fullPage: true });
    const roll = await pdf(page, { width: "80mm" });
    expect([roll.pdf, roll.size > 3000, roll.pages >= 1]).toEqual([true, true, true]);
    await page.emulateMedia({ media: "screen" });
  });

  it("a sent column's 'Hoja de ruta' prints its courier and stops in driving order with what to collect", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/admin/dispatch");
    await page.getByTestId("courier-status-1").getByRole("link", { name: "Hoja de ruta" }).click();
    await page.waitForURL("**/imprimir/ruta/1?fecha=*");
    const doc = page.getByTestId("print-doc");
    const rows = doc.getByRole("table", { name: "Paradas" }).getByRole("row");
    await rows.nth(2).waitFor();
    expect(await doc.innerText()).toContain("Cadete Prueba");
    // The nearer client first, as the courier drives them.
    expect((await rows.allInnerTexts()).slice(1).map((r) => r.split("\t").slice(0, 3))).toEqual([
      ["1", `#${ids[1]}`, "Rotisería La Esquina"],
      ["2", `#${ids[0]}`, "Almacén Don Tito"],
    ]);
    expect(await rows.nth(1).innerText()).toMatch(/01142531234\s+Efectivo\s+\$/);
    // Two cash orders of $ 12.100,00 each.
    expect(await doc.getByTestId("route-sheet-total").innerText()).toMatch(/^\$\s24\.200,00$/);
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ media: "print" });
    expect(await shown(page)).toEqual({ toolbar: false, document: true });
    // On A4 (186 mm inside its margins, 703 px) the stop number, the order and the phone read in
    // one piece, and the table fits the sheet.
    await page.setViewportSize({ width: 703, height: 1000 });
    const shortCells = ["1", "2", "5"].map((n) => `[aria-label=Paradas] td:nth-child(${n})`).join(", ");
    expect(await wrappedTexts(page, shortCells)).toEqual([]);
    expect(await cutTexts(page, "[data-testid=print-doc]")).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/route-sheet-a4-print.png`, fullPage: true });
    expect((await pdf(page, { format: "A4" })).pdf).toBe(true);
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("radiogroup", { name: "Papel" }).getByText("80 mm").click();
    await page.locator('[data-testid="print-doc"][data-paper="80mm"]').waitFor();
    expect(await doc.getByTestId("route-sheet-stop").count()).toBe(2);
    await page.emulateMedia({ media: "print" });
    const roll = await pdf(page, { width: "80mm" });
    expect([roll.pdf, roll.size > 3000]).toEqual([true, true]);
    if (SHOTS) {
      await page.setViewportSize({ width: 302, height: 900 });
      await page.screenshot({ path: `${SHOTS}/route-sheet-80mm-print.png`, fullPage: true });
    }
    await page.emulateMedia({ media: "screen" });
  });
});
