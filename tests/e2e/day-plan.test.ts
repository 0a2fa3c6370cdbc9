import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import { DAY_PLAN_MESSAGES, type DayPlanResponse, type Fleet, type TimeSlots } from "@domain/contracts/day-plan";
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

/** The order ids a trip of the drawer lists, in order. */
const tripOrders = async (trip: Locator) =>
  [...(await trip.innerText()).matchAll(/ · #(\d+) /g)].map((m) => Number(m[1]));

/** Plans again and waits for the new plan's answer (its id comes back from the POST). */
async function planAgain(drawer: Locator, label: string) {
  const asked = page.waitForResponse(
    (r) => r.url().endsWith("/api/dispatch/plans/") && r.request().method() === "POST",
  );
  await drawer.getByRole("button", { name: label }).click();
  const { id } = (await (await asked).json()) as { id: string };
  await expect
    .poll(async () => ((await dispatcherApi.get(`/api/dispatch/plans/${id}/`)).json() as DayPlanResponse).status, {
      timeout: 20_000,
    })
    .toBe("ready");
  const plan = (await dispatcherApi.get(`/api/dispatch/plans/${id}/`)).json() as DayPlanResponse;
  // The drawer shows this plan: its summary names its trip count and every trip is listed.
  await drawer.getByTestId("plan-summary").getByText(`${plan.trips.length} viajes`).waitFor({ timeout: 20_000 });
  for (const trip of plan.trips) await drawer.getByTestId(`plan-trip-${trip.column}:${trip.number}`).waitFor();
  return plan;
}

async function pick(drawer: Locator, orderId: number, option: string) {
  await drawer.getByRole("combobox", { name: `Cadete del pedido #${orderId}` }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe.skipIf(!!skip)(`'Planificar el día' in Chromium ${skip}`, () => {
  it("at 1440 px: the fleet editor adds a 4th courier, edits kg and shift, refuses a bad shift and slot hours in Spanish", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/admin/dispatch");
    await page.getByTestId("column-3").waitFor();
    expect(await page.getByTestId("column-4").count()).toBe(0);
    await page.getByRole("button", { name: "Flota y horarios" }).click();
    const modal = page.getByRole("dialog", { name: "Flota y horarios" });
    const first = modal.getByTestId("fleet-courier-1");
    await first.getByLabel("Entra").fill("19:00");
    await first.getByLabel("Sale").fill("09:00");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await modal.getByTestId("fleet-refusal").getByText("El turno debe terminar después de empezar.").waitFor();
    await first.getByLabel("Entra").fill("07:30");
    await first.getByLabel("Sale").fill("20:00");

    await modal.getByRole("button", { name: "Agregar cadete" }).click();
    const fourth = modal.getByTestId("fleet-courier-4");
    await fourth.getByLabel("Nombre").fill("Moto Norte");
    await fourth.getByLabel("Kg por viaje").fill("80");
    await fourth.getByLabel("Entra").fill("09:00");
    await fourth.getByLabel("Sale").fill("18:00");
    // Slot hours out of order: the Spanish message, nothing of the slots saved.
    await modal.getByLabel("Tarde: desde").fill("19:00");
    await modal.getByLabel("Tarde: hasta").fill("15:00");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await modal.getByTestId("fleet-refusal").getByText(DAY_PLAN_MESSAGES.slotHours).waitFor();
    await modal.getByLabel("Tarde: desde").fill("");
    await modal.getByLabel("Tarde: hasta").fill("");
    await modal.getByLabel("Mañana: desde").fill("07:30");
    await modal.getByLabel("Mañana: hasta").fill("13:00");
    await page.mouse.move(1, 1);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-fleet-1440.png` });
    await modal.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Flota y horarios guardados.").first().waitFor();
    await modal.waitFor({ state: "hidden" });

    const fleet = (await dispatcherApi.get("/api/dispatch/fleet/")).json() as Fleet;
    expect(fleet.couriers.map((c) => c.column)).toEqual([1, 2, 3, 4]);
    expect(fleet.couriers[0]).toMatchObject({ shift_start: "07:30", shift_end: "20:00" });
    expect(fleet.couriers[3]).toMatchObject({
      name: "Moto Norte",
      capacity_kg: 80,
      shift_start: "09:00",
      shift_end: "18:00",
    });
    const slots = (await dispatcherApi.get("/api/settings/time-slots/")).json() as TimeSlots;
    expect(slots.slots.map((slot) => [slot.name, slot.start, slot.end])).toEqual([
      ["Mañana", "07:30", "13:00"],
      ["Mediodía", null, null],
      ["Tarde", null, null],
    ]);
    // The board has the new courier's column.
    await page.getByTestId("column-4").getByRole("heading", { name: "Cadete 4" }).waitFor();
  });

  it("at 1440 px: plans on a map, pins orders to a courier and into a trip, plans again, applies, and sends one trip", async () => {
    await page.goto("/admin/dispatch");
    await page
      .getByTestId("column-0")
      .getByRole("button", { name: `Pedido #${orderIds[0]}` })
      .waitFor();
    await page.getByTestId("plan-open").click();
    const drawer = page.getByRole("dialog", { name: "Planificar el día" });
    let plan = await planAgain(drawer, "Calcular plan");
    expect(await drawer.innerText()).toContain("Viaje 1 · sale");
    // The map: the depot and one numbered pin per planned stop.
    await drawer.getByTestId("plan-map").waitFor();
    await drawer.getByTestId("plan-depot").waitFor();
    const placed = plan.trips.flatMap((t) => t.stops).length;
    await expect.poll(() => drawer.getByTestId("plan-stop").count()).toBe(placed);
    await page.mouse.move(1, 1);
    await settled(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-1440.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Four orders to Cadete 1 (at most three a trip: two trips), then plan again around them.
    const toFirst = [orderIds[3]!, orderIds[4]!, orderIds[5]!, orderIds[6]!];
    for (const id of toFirst) await pick(drawer, id, "Cadete 1 (cualquier viaje)");
    await drawer.getByTestId("plan-pins").getByText("4 pedidos fijados").waitFor();
    plan = await planAgain(drawer, "Volver a planificar");
    const columnOf = (p: DayPlanResponse, id: number) =>
      p.trips.find((t) => t.stops.some((s) => s.order_id === id))?.column;
    for (const id of toFirst) expect(columnOf(plan, id)).toBe(1);
    expect(plan.trips.filter((t) => t.column === 1).length).toBeGreaterThanOrEqual(2);

    // Into a trip: an order joins a trip with room (seven orders, three a trip: one has room).
    const roomy =
      plan.trips.find((t) => t.stops.length < 3 && t.column !== 1) ?? plan.trips.find((t) => t.stops.length < 3)!;
    const mates = await tripOrders(drawer.getByTestId(`plan-trip-${roomy.column}:${roomy.number}`));
    expect(mates).toEqual(roomy.stops.map((s) => s.order_id));
    const joining = orderIds.find((id) => !mates.includes(id) && !toFirst.includes(id))!;
    await pick(drawer, joining, `Cadete ${roomy.column} · Viaje ${roomy.number}`);
    plan = await planAgain(drawer, "Volver a planificar");
    const joined = plan.trips.find((t) => t.stops.some((s) => s.order_id === joining))!;
    expect(joined.column).toBe(roomy.column);
    expect(joined.stops.map((s) => s.order_id)).toEqual(expect.arrayContaining(mates));
    for (const id of toFirst) expect(columnOf(plan, id)).toBe(1);

    // A locked trip stays as it is, stop for stop, when the rest is planned again.
    await drawer
      .getByTestId(`plan-trip-${joined.column}:${joined.number}`)
      .getByRole("checkbox", { name: "Fijar este viaje al volver a planificar" })
      .check();
    const kept = joined.stops.map((s) => s.order_id);
    plan = await planAgain(drawer, "Volver a planificar");
    expect(
      plan.trips.some((t) => t.column === joined.column && t.stops.map((s) => s.order_id).join() === kept.join()),
    ).toBe(true);

    await drawer.getByRole("button", { name: "Aplicar al tablero" }).click();
    await page.getByText("Plan aplicado al tablero.").waitFor();
    const applied = (await dispatcherApi.get(`/api/dispatch/plans/?delivery_date=${today}`)).json() as {
      plan: DayPlanResponse;
    };
    expect(applied.plan.id).toBe(plan.id);
    const firstTrip = plan.trips.find((t) => t.column === 1 && t.number === 1)!;
    const column = page.getByTestId("column-1");
    await column.getByTestId("trip-1-1").waitFor();
    await expect.poll(() => column.getByTestId("trip-1-2").innerText()).toBe("Viaje 2 (en cola)");
    await page.mouse.move(1, 1);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-applied-1440.png`, fullPage: true });

    await column.getByRole("button", { name: "Enviar viaje" }).click();
    const dialog = page.getByRole("dialog", { name: "Enviar ruta de Cadete 1" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /^Enviar a / }).click();
    await page.getByText("Ruta enviada: los pedidos pasaron a Enviado.").first().waitFor();
    for (const stop of firstTrip.stops)
      expect((await seller.get(`/api/orders/${stop.order_id}/`)).json().status).toBe("Enviado");
    // The next trip is now the column's top: it is the one 'Enviar…' would send.
    await expect.poll(() => column.getByTestId("trip-1-2").innerText()).toBe("Viaje 2");
  });

  it("on the courier's phone at 390 px: today's trips in order, the sent one to deliver and the next one queued", async () => {
    await phone.goto("/reparto");
    const applied = (await dispatcherApi.get(`/api/dispatch/plans/?delivery_date=${today}`)).json() as {
      plan: DayPlanResponse;
    };
    const own = applied.plan.trips.filter((t) => t.column === 1).sort((a, b) => a.number - b.number);
    await phone.getByTestId("courier-trip-1").waitFor({ timeout: 10_000 });
    const headings = await phone.getByRole("heading", { level: 2, name: /^Viaje \d+$/ }).allInnerTexts();
    expect(headings).toEqual(own.map((t) => `Viaje ${t.number}`));
    // Trip 1 was sent: its stops are cards to deliver, numbered 1, 2, 3 as the route sent goes.
    const trip1 = phone
      .getByTestId("courier-trip-1")
      .locator("[data-testid^='stop-']")
      .filter({
        has: phone.getByTestId("stop-state"),
      });
    const sent = await trip1.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-testid")!.slice(5))));
    expect([...sent].sort((a, b) => a - b)).toEqual(own[0]!.stops.map((s) => s.order_id).sort((a, b) => a - b));
    expect(await trip1.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!.split(":")[0]))).toEqual(
      sent.map((_, i) => `Parada ${i + 1}`),
    );
    // Trip 2 waits: its stops in order with their estimated times, 'En cola'.
    const queued = phone.getByTestId("courier-trip-2").locator("[data-testid^='queued-']");
    expect(await queued.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-testid")!.slice(7))))).toEqual(
      own[1]!.stops.map((s) => s.order_id),
    );
    expect(await phone.getByTestId("courier-trip-2").innerText()).toContain(`${own[1]!.stops[0]!.eta} · `);
    expect(await phone.getByTestId("courier-trip-2").getByText("En cola").count()).toBe(own[1]!.stops.length);
    await settled(phone);
    expect(await horizontalOverflow(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/day-plan-phone-390.png`, fullPage: true });
  });

  it("on the wall at 1920 px: the planned columns, and the drawer at 390 and 768 px", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto("/admin/dispatch/wall");
    await page.getByTestId("wall-courier-4").waitFor();
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
      await drawer.getByTestId("plan-depot").waitFor();
      await page.mouse.move(1, 1);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-${viewport}.png` });
    }
  });

  it("with twelve couriers: every column on the board at 1440 and on the wall at 1920, nothing off the side", async () => {
    const more = Array.from({ length: 8 }, (_, i) => ({ column: 5 + i }));
    expect((await dispatcherApi.put("/api/dispatch/fleet/", { couriers: more })).statusCode).toBe(200);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/admin/dispatch");
    await page.getByTestId("column-12").waitFor();
    for (let column = 0; column <= 12; column++)
      expect(await page.getByTestId(`column-${column}`).isVisible()).toBe(true);
    await page.mouse.move(1, 1);
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-12-couriers-1440.png`, fullPage: true });
    // The keyboard goes on past a row's end: from Cadete 1, four steps right is Cadete 5, first of the next row.
    const moving = orderIds[6]!;
    const card = page.getByTestId("column-1").getByRole("button", { name: `Pedido #${moving}` });
    await card.focus();
    for (const key of ["Space", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await page
      .getByTestId("column-5")
      .getByRole("button", { name: `Pedido #${moving}` })
      .waitFor();
    await expect
      .poll(async () => {
        const board = (await dispatcherApi.get(`/api/dispatch/?delivery_date=${today}`)).json() as DispatchBoard;
        return board.cards.find((c) => c.PK_Orders === moving)?.courier;
      })
      .toBe(5);
    for (const viewport of ["phone", "tablet"] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.getByTestId("column-12").scrollIntoViewIfNeeded();
      await settled(page);
      expect(await horizontalOverflow(page), viewport).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-12-couriers-${viewport}.png` });
    }

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto("/admin/dispatch/wall");
    await page.getByTestId("wall-courier-12").waitFor();
    await settled(page);
    const boxes = await page.locator("[data-testid^='wall-column-']").evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { right: r.right, bottom: r.bottom };
      }),
    );
    expect(boxes).toHaveLength(13);
    // The whole wall on the screen: no column past its right or bottom edge.
    for (const box of boxes) expect(box.right <= 1920 && box.bottom <= 1080).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/day-plan-12-couriers-wall-1920.png` });
  });
});
