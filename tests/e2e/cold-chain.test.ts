import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "../helpers/app";
import { confirmOrder, sendRouteOf } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { startDispatchE2E } from "../helpers/dispatch-e2e";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let admin: ApiClient;
let adminPage: Page;
let phone: Page;
/** Orders sent to the courier today: delivered cold, delivered warm with a note, refused warm, still out. */
let cold = 0;
let warm = 0;
let refused = 0;
let out = 0;

beforeAll(async () => {
  if (skip) return;
  let seller: ApiClient;
  let preparer: ApiClient;
  let dispatcherApi: ApiClient;
  ({ e2e, seller, preparer, dispatcherApi } = await startDispatchE2E());
  admin = (await signIn(e2e.t, "Admin")).client;
  const courier = await createUser(e2e.t, "Cadete");
  expect((await dispatcherApi.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(
    200,
  );
  const date = todayInBuenosAires();
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = await confirmOrder(seller, { date });
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    ids.push(id);
  }
  await sendRouteOf(dispatcherApi, date, 1, ids.slice(0, 3));
  // A route takes 3 orders at most: the one still out goes with Cadete 2.
  const other = await createUser(e2e.t, "Cadete");
  expect((await dispatcherApi.post("/api/dispatch/couriers/", { column: 2, user_id: other.id })).statusCode).toBe(200);
  await sendRouteOf(dispatcherApi, date, 2, ids.slice(3));
  [cold, warm, refused, out] = ids as [number, number, number, number];

  const adminUser = await createUser(e2e.t, "Admin");
  const office = await e2e.newContext({ viewport: VIEWPORTS.desktop });
  await preloadAxe(office);
  adminPage = await office.newPage();
  await loginThroughUi(adminPage, adminUser.username, adminUser.password);
  const phoneContext = await e2e.newContext({ viewport: VIEWPORTS.phone });
  await preloadAxe(phoneContext);
  phone = await phoneContext.newPage();
  await loginThroughUi(phone, courier.username, courier.password);
});
afterAll(async () => {
  await e2e?.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const detailOf = async (id: number) => (await admin.get(`/api/orders/${id}/`)).json();

/** Opens 'Entregado' on the stop of `orderId` and returns the dialog. */
async function openDelivery(orderId: number) {
  await phone.getByTestId(`stop-${orderId}`).getByRole("button", { name: "Entregado", exact: true }).click();
  const dialog = phone.getByRole("dialog", { name: /Entregar a/ });
  await dialog.getByLabel("Temperatura de la mercadería (°C)").waitFor();
  return dialog;
}

describe.skipIf(!!skip)(`the cold chain on the web (issue 41) ${skip}`, () => {
  it("an Admin requires the temperature in /settings ('Cadena de frío', −12 °C by default) and it is saved", async () => {
    await adminPage.goto("/settings");
    const card = adminPage.getByTestId("cold-chain-card");
    const required = card.getByRole("switch", { name: "Pedir la temperatura de la mercadería al entregar" });
    await required.waitFor();
    expect(await required.isChecked()).toBe(false);
    const max = card.getByLabel("Temperatura máxima (°C)");
    expect(await max.inputValue()).toBe("-12");
    await required.check();
    await max.fill("-12,5");
    await card.getByRole("button", { name: "Guardar cadena de frío" }).click();
    await adminPage.getByText("Cadena de frío guardada.").first().waitFor();
    expect((await admin.get("/api/settings/cold-chain/")).json()).toEqual({ required: true, max_c: -12.5 });
    // A maximum out of range is refused on the card, and nothing changes.
    await max.fill("-45");
    await card.getByRole("button", { name: "Guardar cadena de frío" }).click();
    await card.getByText("La temperatura máxima va de −40 °C a +30 °C, con 1 decimal.").waitFor();
    await max.fill("-12");
    await card.getByRole("button", { name: "Guardar cadena de frío" }).click();
    await card.getByText("La temperatura máxima va de −40 °C a +30 °C, con 1 decimal.").waitFor({ state: "detached" });
    // The save answers after the message leaves: the stored setting is what tells it went through.
    await expect
      .poll(async () => (await admin.get("/api/settings/cold-chain/")).json())
      .toEqual({ required: true, max_c: -12 });

    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await adminPage.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(adminPage), name).toBeLessThanOrEqual(0);
      await settled(adminPage);
      expect(await seriousViolations(adminPage), name).toEqual([]);
      await shot(adminPage, `cold-chain-settings-${name}`);
    }
    await adminPage.setViewportSize(VIEWPORTS.desktop);
  });

  it("at 390 px 'Entregado' asks the temperature; '-18,5' is recorded and shown on the stop", async () => {
    await phone.goto("/reparto");
    const dialog = await openDelivery(cold);
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await dialog.getByText("Ingresá la temperatura de la mercadería (°C).").waitFor();
    await dialog.getByLabel("Temperatura de la mercadería (°C)").fill("-18,55");
    await dialog.getByText("La temperatura admite 1 decimal.").first().waitFor();
    await dialog.getByLabel("Temperatura de la mercadería (°C)").fill("-18,5");
    await settled(phone);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, "cold-chain-courier-390");
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await phone.getByText("Entrega registrada.").first().waitFor();
    await phone.getByTestId(`stop-${cold}`).getByText("Temperatura: −18,5 °C").waitFor();
    expect(await detailOf(cold)).toMatchObject({ status: "Entregado", delivery_temperature_c: -18.5 });
  });

  it("above the maximum it needs a note of what was done (the ± key gives the minus a keypad lacks)", async () => {
    const dialog = await openDelivery(warm);
    const field = dialog.getByLabel("Temperatura de la mercadería (°C)");
    await field.fill("5");
    await dialog.getByRole("button", { name: /Cambiar el signo/ }).click();
    expect(await field.inputValue()).toBe("-5");
    const alert = dialog.getByTestId("cold-chain-warm");
    await alert.getByText("La mercadería está a −5 °C, más que el máximo de −12 °C.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await dialog
      .getByText(
        "La mercadería está a −5 °C, más que el máximo de −12 °C: anotá qué se hizo, o marcá 'No entregado' por 'Cadena de frío'.",
      )
      .waitFor();
    expect((await detailOf(warm)).status).toBe("Enviado");
    await alert.getByLabel("¿Qué se hizo?").fill("El cliente la guardó en su freezer al recibirla.");
    await settled(phone);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, "cold-chain-courier-warm-390");
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await phone
      .getByTestId(`stop-${warm}`)
      .getByText("Temperatura: −5 °C · El cliente la guardó en su freezer al recibirla.")
      .waitFor();
    expect(await detailOf(warm)).toMatchObject({
      status: "Entregado",
      delivery_temperature_c: -5,
      delivery_temperature_note: "El cliente la guardó en su freezer al recibirla.",
    });
  });

  it("too warm, the courier may mark it not delivered for 'Cadena de frío' instead", async () => {
    const dialog = await openDelivery(refused);
    await dialog.getByLabel("Temperatura de la mercadería (°C)").fill("-3");
    await dialog.getByRole("button", { name: "No entregado por cadena de frío" }).click();
    const notDelivered = phone.getByRole("dialog", { name: /No entregado/ });
    expect(await notDelivered.getByRole("radio", { name: "Cadena de frío" }).isChecked()).toBe(true);
    await notDelivered.getByRole("button", { name: "Confirmar: no entregado" }).click();
    await phone.getByTestId(`stop-${refused}`).getByText("Cadena de frío").waitFor();
    expect((await detailOf(refused)).status).toBe("Armado");
  });

  it("the office sees the stop's reading on the order's detail, at 1440, 768 and 390 px", async () => {
    await adminPage.goto("/orders");
    await adminPage.getByRole("row", { name: new RegExp(`#${warm}\\b`) }).click();
    const dialog = adminPage.getByRole("dialog", { name: `Pedido #${warm}` });
    await dialog.getByText("Temperatura al entregar").waitFor();
    await dialog.getByText("−5 °C · El cliente la guardó en su freezer al recibirla.").waitFor();
    for (const [name, size] of Object.entries(VIEWPORTS).reverse()) {
      await adminPage.setViewportSize(size);
      await settled(adminPage);
      expect(await seriousViolations(adminPage), name).toEqual([]);
      await shot(adminPage, `cold-chain-order-detail-${name}`);
    }
    await adminPage.setViewportSize(VIEWPORTS.desktop);
  });

  it("the printed route sheet leaves a 'Temp. (°C)' box per stop still out, A4 and 80 mm", async () => {
    await adminPage.goto("/imprimir/ruta/2");
    const table = adminPage.getByRole("table", { name: "Paradas" });
    await table.getByRole("columnheader", { name: "Temp. (°C)" }).waitFor();
    await table.getByRole("row", { name: new RegExp(`#${out}\\b`) }).waitFor();
    await adminPage.getByText("anotar la temperatura al entregar (máximo −12 °C)").waitFor();
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await adminPage.setViewportSize(size);
      await settled(adminPage);
      expect(await seriousViolations(adminPage), name).toEqual([]);
      await shot(adminPage, `cold-chain-route-sheet-${name}`);
    }
    await adminPage.goto("/imprimir/ruta/2?papel=80mm");
    await adminPage.getByTestId("route-sheet-stop").getByText("Temp.: ________ °C").waitFor();
    await shot(adminPage, "cold-chain-route-sheet-80mm");
    await adminPage.setViewportSize(VIEWPORTS.desktop);
  });
});
