import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "../../domain/calendar";
import type { DayPlanResponse } from "../../domain/contracts/day-plan";
import type { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let seller: ApiClient;
let dispatcherApi: ApiClient;
let page: Page;
let phone: Page;
const today = todayInBuenosAires();
const orderIds: number[] = [];

beforeAll(async () => {
  if (skip) return;
  let preparer: ApiClient;
  ({ e2e, seller, preparer, dispatcherApi } = await startDispatchE2E());
  const products = {
    kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
    un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
  };
  const { lat, lng } = e2e.t.config.depot;
  // Seven clients in two directions from the depot: more than one trip of three.
  const places = [
    [0.01, 0],
    [0.012, 0.002],
    [0.014, -0.001],
    [-0.01, 0.01],
    [-0.012, 0.011],
    [-0.011, 0.013],
    [0.02, 0.02],
  ];
  for (const [i, [dLat, dLng]] of places.entries()) {
    const { id: clientId } = await createClient(seller, { name: `Cliente del plan ${i + 1}` });
    const id = await confirmOrder(
      seller,
      { date: today, clientId, latitude: lat + dLat!, longitude: lng + dLng! },
      products,
    );
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    orderIds.push(id);
  }
  const courier = await createUser(e2e.t, "Cadete");
  expect((await dispatcherApi.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(
    200,
  );
  const user = await createUser(e2e.t, "Despachante");
  const context = await e2e.newContext();
  await preloadAxe(context);
  page = await context.newPage();
  await loginThroughUi(page, user.username, user.password);
  const phoneContext = await e2e.newContext();
  phone = await phoneContext.newPage();
  await phone.setViewportSize(VIEWPORTS.phone);
  await loginThroughUi(phone, courier.username, courier.password);
});
afterAll(async () => {
  await e2e?.close();
});

const planShown = async () => {
  await page.getByTestId("plan-summary").waitFor({ timeout: 20_000 });
};

describe.skipIf(!!skip)(`'Planificar el día' in Chromium ${skip}`, () => {
  it("at 1440 px: plans, moves an order to another courier, plans again, applies, and sends one trip", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/admin/dispatch");
    await page
      .getByTestId("column-0")
      .getByRole("button", { name: `Pedido #${orderIds[0]}` })
      .waitFor();
    await page.getByTestId("plan-open").click();
    const drawer = page.getByRole("dialog", { name: "Planificar el día" });
    await drawer.getByRole("button", { name: "Calcular plan" }).click();
    await planShown();
    expect(await drawer.innerText()).toContain("Viaje 1 · sale");
    // The pointer still rests on the button it pressed: its hover shade is not what the page shows.
    await page.mouse.move(1, 1);
    await settled(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-1440.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Pin the farthest order to Cadete 3 and plan the rest again around it.
    const moved = orderIds[6]!;
    await drawer.getByRole("combobox", { name: `Cadete del pedido #${moved}` }).click();
    await page.getByRole("option", { name: "Cadete 3" }).click();
    await drawer.getByRole("button", { name: "Volver a planificar" }).click();
    await drawer.getByTestId("plan-courier-3").getByText(`#${moved} `, { exact: false }).waitFor({ timeout: 20_000 });
    await planShown();

    await drawer.getByRole("button", { name: "Aplicar al tablero" }).click();
    await page.getByText("Plan aplicado al tablero.").waitFor();
    const applied = (await dispatcherApi.get(`/api/dispatch/plans/?delivery_date=${today}`)).json() as {
      plan: DayPlanResponse;
    };
    const first = applied.plan.trips.find((t) => t.column === 1 && t.number === 1)!;
    const column = page.getByTestId("column-1");
    await column.getByTestId("trip-1-1").waitFor();
    expect(await page.getByTestId("column-3").innerText()).toContain(`#${moved}`);
    await page.mouse.move(1, 1);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-applied-1440.png`, fullPage: true });

    const trips = applied.plan.trips.filter((t) => t.column === 1).length;
    await column.getByRole("button", { name: trips > 1 ? "Enviar viaje" : "Enviar ruta" }).click();
    const dialog = page.getByRole("dialog", { name: "Enviar ruta de Cadete 1" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /^Enviar a / }).click();
    await page.getByText("Ruta enviada: los pedidos pasaron a Enviado.").first().waitFor();
    for (const stop of first.stops)
      expect((await seller.get(`/api/orders/${stop.order_id}/`)).json().status).toBe("Enviado");
  });

  it("on the courier's phone at 390 px: today's trip, its stops in order", async () => {
    await phone.goto("/reparto");
    const applied = (await dispatcherApi.get(`/api/dispatch/plans/?delivery_date=${today}`)).json() as {
      plan: DayPlanResponse;
    };
    const first = applied.plan.trips.find((t) => t.column === 1 && t.number === 1)!;
    await phone.getByTestId(`stop-${first.stops[0]!.order_id}`).waitFor({ timeout: 10_000 });
    const shown = await phone
      .locator("[data-testid^='stop-']")
      .filter({ has: phone.getByTestId("stop-state") })
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-testid")!.slice(5))));
    expect(new Set(shown)).toEqual(new Set(first.stops.map((s) => s.order_id)));
    expect(await horizontalOverflow(phone)).toBe(0);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/day-plan-phone-390.png`, fullPage: true });
  });

  it("on the wall at 1920 px: the planned columns, and the drawer at 390 and 768 px", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto("/admin/dispatch/wall");
    await page.getByText("Cadete 1").first().waitFor();
    await settled(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-wall-1920.png` });
    expect(await seriousViolations(page)).toEqual([]);
    for (const viewport of ["phone", "tablet"] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto("/admin/dispatch");
      await page.getByTestId("plan-open").click();
      const drawer = page.getByRole("dialog", { name: "Planificar el día" });
      await drawer.getByRole("button", { name: "Calcular plan" }).click();
      await planShown();
      await page.mouse.move(1, 1);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-${viewport}.png` });
    }
  });
});
