import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { formatMoney, toCentavos } from "@domain/money";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { orderDetails, placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let admin: ApiClient;
let tablet: Page;
let orderId = 0;
const CHICKEN = "Pollo entero en caja";

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  admin = (await signIn(e2e.t, "Admin")).client;
  // '2 cajas de pollo' of 10 kg nominal each, billed by the kilo: 20 kg ordered at $ 5.000 the kilo.
  const chicken = await createProduct(admin, {
    name: CHICKEN,
    quantity: 200,
    price: 5000,
    unitWeight: 10,
    requiresWeighing: true,
    weightTolerancePct: 10,
  });
  const fries = await createProduct(admin, { name: "Papas bastón", quantity: 50, price: 2000, unitWeight: 1 });
  const { id: clientId } = await createClient(admin);
  const placed = await placeOrder(
    admin,
    clientId,
    [
      { productId: chicken.PK_Products, units: 2, type: "UN" },
      { productId: fries.PK_Products, units: "1,5", type: "KG" },
    ],
    { orderData: orderDetails({ date: todayInBuenosAires() }) },
  );
  expect(placed.statusCode).toBe(200);
  orderId = placed.json().order_id;

  const preparer = await createUser(e2e.t, "Preparador");
  const context = await e2e.newContext({ viewport: VIEWPORTS.tablet });
  await preloadAxe(context);
  tablet = await context.newPage();
  await loginThroughUi(tablet, preparer.username, preparer.password);
});
afterAll(async () => {
  await e2e?.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A new Admin at 1440 px with the order's detail open from /orders. */
async function officeDetail() {
  const office = await (await e2e.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  const user = await createUser(e2e.t, "Admin");
  await loginThroughUi(office, user.username, user.password);
  await office.goto("/orders");
  await office.getByRole("row", { name: new RegExp(`#${orderId}\\b`) }).click();
  return { office, dialog: office.getByRole("dialog", { name: `Pedido #${orderId}` }) };
}

const detail = async () => (await admin.get(`/api/orders/${orderId}/`)).json();

describe.skipIf(!!skip)(`catch weight on the preparation tablet at 768 px (issue 41) ${skip}`, () => {
  it("weighs the chicken out of tolerance, sees the difference in kg and %, confirms, and the order's price follows", async () => {
    const ordered = await detail();
    expect(toCentavos(ordered.final_price)).toBeGreaterThan(0);
    await tablet.goto("/admin/preparation");
    await tablet.getByRole("button", { name: new RegExp(`^Pedido #${orderId}\\b`) }).click();
    const dialog = tablet.getByRole("dialog", { name: new RegExp(`^Pedido #${orderId}`) });
    await dialog.getByRole("checkbox", { name: `${CHICKEN} — 2 u. (UN)` }).check();
    await dialog.getByRole("checkbox", { name: /^Papas bastón/ }).check();
    const prepared = dialog.getByRole("button", { name: "Preparado!" });
    // Every item ticked, but the chicken needs its real weight first.
    expect(await prepared.isDisabled()).toBe(true);
    const weights = dialog.getByRole("textbox", { name: /Peso real \(kg\)/ });
    expect(await weights.count()).toBe(2);
    // A handheld scanner types the chicken's GS1-128 label and Enter: the field reads its net weight.
    await weights.first().pressSequentially("(01)07791234567898(3102)001960");
    await weights.first().press("Enter");
    await expect.poll(() => weights.first().inputValue()).toBe("19,6");
    // The preparer weighs again by hand.
    await weights.first().fill("17");
    await prepared.click();
    const alert = dialog.getByRole("alert").filter({ hasText: "Peso fuera de la tolerancia" });
    await alert
      .getByText(
        `El peso real de ${CHICKEN} (17 kg) difiere −3 kg (−15 %) de lo pedido (20 kg), fuera de la tolerancia de 10 %.`,
      )
      .waitFor();
    await settled(tablet);
    expect(await seriousViolations(tablet)).toEqual([]);
    expect(await horizontalOverflow(tablet)).toBeLessThanOrEqual(0);
    await shot(tablet, "catch-weight-confirm-768");
    // Nothing changed until it is confirmed.
    expect((await detail()).status).toBe(ordered.status);

    await alert.getByRole("button", { name: "Confirmar pesos" }).click();
    await dialog.waitFor({ state: "detached" });
    const weighed = await detail();
    expect(weighed.status).toBe("Armado");
    // 3 kg fewer at $ 5.000 the kilo.
    expect(toCentavos(ordered.final_price) - toCentavos(weighed.final_price)).toBe(1_500_000);
    const chicken = weighed.products.find((p: { product_name: string }) => p.product_name === CHICKEN);
    expect(chicken.Picked_Weight).toBe("17.000");
    expect(weighed.history.flatMap((h: { notes: string[] }) => h.notes)).toContain(
      `${CHICKEN} — Peso real: 17 kg (pedido 20 kg)`,
    );
  });

  it("the office reads the real weight in the order's history and on the remito, with the new total", async () => {
    const weighed = await detail();
    const total = formatMoney(toCentavos(weighed.final_price));
    const { office, dialog } = await officeDetail();
    await dialog.getByText(`${CHICKEN} — Peso real: 17 kg (pedido 20 kg)`).waitFor();
    await dialog.getByText(total).first().waitFor();
    // The client's total by WhatsApp: the order, the new amount and that it follows the real weight.
    const whatsapp = dialog.getByRole("link", { name: "Enviar total por WhatsApp" });
    const href = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/5491144440000");
    expect(href.searchParams.get("text")).toBe(
      `Pedido #${orderId}: el total final es ${total}, según el peso real de la mercadería preparada.`,
    );
    await settled(office);
    expect(await seriousViolations(office)).toEqual([]);
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await office.setViewportSize(size);
      expect(await horizontalOverflow(office)).toBeLessThanOrEqual(0);
      await shot(office, `catch-weight-detail-${name}`);
    }

    await office.goto(`/imprimir/remito/${orderId}`);
    await office.getByText("17 kg (pedido 20 kg)").first().waitFor();
    await office.getByText(total).first().waitFor();
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await office.setViewportSize(size);
      await shot(office, `catch-weight-remito-${name}`);
    }
    await office.goto(`/imprimir/remito/${orderId}?papel=80mm`);
    await office
      .getByText(/17 kg \(pedido 20 kg\)/)
      .first()
      .waitFor();
    await shot(office, "catch-weight-remito-80mm");
  });

  it("the office sends the Armado order back to Pendiente from its detail: real weights cleared, price as ordered", async () => {
    const before = await detail();
    const { office, dialog } = await officeDetail();
    await dialog.getByRole("button", { name: "Volver a Pendiente" }).click();
    const confirm = office.getByRole("dialog", { name: "Volver a Pendiente" });
    await confirm
      .getByText("Se borran los pesos reales: el precio y el stock vuelven a lo pedido.", { exact: false })
      .waitFor();
    await settled(office);
    expect(await seriousViolations(office)).toEqual([]);
    await shot(office, "catch-weight-back-to-pending-1440");
    await confirm.getByRole("button", { name: "Sí, volver a Pendiente" }).click();
    await office.getByText(`Pedido #${orderId} marcado como pendiente.`).first().waitFor();
    // The open detail reads the order again: Pendiente, the chicken back at its ordered 20 kg.
    await dialog.getByText("Pendiente", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Volver a Pendiente" }).waitFor({ state: "detached" });
    const after = await detail();
    expect(after.status).toBe("Pendiente");
    expect(after.products.map((p: { Picked_Weight: string | null }) => p.Picked_Weight)).toEqual([null, null]);
    expect(toCentavos(after.final_price) - toCentavos(before.final_price)).toBe(1_500_000);
  });
});
