import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import { markEveryBatchStale } from "../../server/features/preparation/repository";
import type { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, VIEWPORTS, type ViewportName } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { eventually } from "../helpers/worker-process";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let api: ApiClient;
let products: { kg: number; un: number };
let preparer: { username: string; password: string };

/** Counts the tones the page starts: headless Chromium plays into no speaker. */
const COUNT_TONES = () => {
  const start = OscillatorNode.prototype.start;
  (window as unknown as { tones: number }).tones = 0;
  OscillatorNode.prototype.start = function (...args) {
    (window as unknown as { tones: number }).tones++;
    return start.apply(this, args);
  };
};
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

async function tabletAt(viewport: ViewportName) {
  const context = await e2e.newContext();
  await preloadAxe(context);
  await context.addInitScript(COUNT_TONES);
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORTS[viewport]);
  await loginThroughUi(page, preparer.username, preparer.password);
  await page.goto("/admin/preparation");
  await page.getByTestId("batch-card").first().waitFor();
  return page;
}

/** An order for today, the day the board opens on, in a zone of its own so it forms its own batch. */
const orderToday = (zone: number, located = true) =>
  confirmOrder(
    api,
    { date: todayInBuenosAires(), zone, ...(located ? {} : { latitude: null, longitude: null }) },
    products,
  );

const orderButton = (page: Page, id: number) => page.getByRole("button", { name: new RegExp(`^Pedido #${id}\\b`) });

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Admin")).client;
  products = {
    kg: (await createProduct(api, { quantity: 500 })).PK_Products,
    un: (await createProduct(api, { quantity: 500, isWeighted: false })).PK_Products,
  };
  preparer = await createUser(e2e.t, "Preparador");
  await orderToday(1);
  // A pick-up (Lo busca), and an order in Zona Sur with no coordinates, as older data and the
  // demo data hold (the order form asks for them now): neither batch has a route.
  await orderToday(8, false);
  const unlocated = await orderToday(3);
  const { db } = e2e.t.runtime.database;
  await db.execute(sql`update orders set latitude = null, longitude = null where id = ${unlocated}`);
  await markEveryBatchStale(db);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the preparation tablet ${skip}`, () => {
  it("says 'Sin recorrido' instead of '0 m' for a batch with no located order, and shows no route for a pick-up", async () => {
    const page = await tabletAt("tablet");
    const pickup = page.getByTestId("batch-card").filter({ hasText: "Lo busca" });
    const unlocated = page.getByTestId("batch-card").filter({ hasText: "Zona Sur" });
    await Promise.all([pickup.waitFor(), unlocated.waitFor()]);
    for (const card of [pickup, unlocated]) expect(await card.innerText()).not.toMatch(/\b0 m\b/i);
    expect(await unlocated.getByText("Sin recorrido", { exact: true }).isVisible()).toBe(true);
    expect(await pickup.getByText(/Sin recorrido|Sin coordenadas/i).count()).toBe(0);
    const located = page.getByTestId("batch-card").filter({ hasText: "Zona Centro" });
    expect(await located.innerText()).toMatch(/\d+(,\d)? k?m\b/);
    await page.context().close();
  });

  it("marks an order that enters the board 'Nuevo' for 10 s, reads it out, and chimes once the preparer turns the sound on", async () => {
    const page = await tabletAt("tablet");
    // What the board showed when it opened is not new.
    expect(await page.getByText("Nuevo", { exact: true }).count()).toBe(0);

    const sound = page.getByRole("switch", { name: "Sonido al llegar un pedido" });
    expect(await sound.isChecked()).toBe(false);
    const silent = await orderToday(1);
    await orderButton(page, silent)
      .and(page.getByRole("button", { name: /nuevo$/ }))
      .waitFor({ timeout: 10_000 });
    expect(await tones(page)).toBe(0);

    await sound.click();
    // Turning it on plays the chime, inside the tap that lets the browser start sound.
    expect(await tones(page)).toBe(2);
    await page.reload();
    await page.getByTestId("batch-card").first().waitFor();
    expect(await sound.isChecked()).toBe(true);

    const id = await orderToday(1);
    const button = orderButton(page, id);
    await button.and(page.getByRole("button", { name: /nuevo$/ })).waitFor({ timeout: 10_000 });
    expect(await button.getByText("Nuevo", { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: `Pedido nuevo: #${id},` })
        .count(),
    ).toBe(1);
    expect(await tones(page)).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preparation-new-768.png`, fullPage: true });

    // The board summed the batch's pick list from its cards' lines (the event sent only the
    // orders' ids): two units an order, and what the server shows after a reload.
    const batch = page.getByTestId("batch-card").filter({ has: button });
    const pickList = () => batch.getByRole("table", { name: "Lista de preparación" }).innerText();
    const live = await pickList();
    expect(live).toContain(`${2 * (await batch.getByRole("button", { name: /^Pedido #/ }).count())} u.`);

    // The mark goes after its 10 s; the order stays.
    await button.getByText("Nuevo", { exact: true }).waitFor({ state: "detached", timeout: 15_000 });
    expect(await button.getAttribute("aria-label")).toBe(`Pedido #${id}`);
    await page.reload();
    await button.waitFor();
    expect(await pickList()).toBe(live);
    await page.context().close();
  });

  it("follows the date the board is changed to: a new order of that day arrives live, one of the day it left does not", async () => {
    const page = await tabletAt("tablet");
    const later = addDays(todayInBuenosAires(), 3);
    const waiting = await confirmOrder(api, { date: later, zone: 2 }, products);
    const batched = async () =>
      JSON.stringify((await api.get(`/api/preparation/?delivery_date=${later}`)).json()).includes(
        `"PK_Orders":${waiting}`,
      );
    expect(await eventually(batched)).toBe(true);
    await page.getByLabel("Fecha de entrega").fill(later);
    await orderButton(page, waiting).waitFor();
    // Read with the date, the order already there is not new.
    expect(await page.getByRole("button", { name: /nuevo$/ }).count()).toBe(0);
    // The socket now receives that date's preparation events: the sweep's delta brings the order.
    const [arrived, left] = [await confirmOrder(api, { date: later, zone: 2 }, products), await orderToday(1)];
    await orderButton(page, arrived)
      .and(page.getByRole("button", { name: /nuevo$/ }))
      .waitFor({ timeout: 10_000 });
    expect(await orderButton(page, left).count()).toBe(0);
    expect(await page.getByTestId("batch-card").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preparation-other-date-768.png`, fullPage: true });
    await page.context().close();
  });

  for (const viewport of ["phone", "desktop"] as const) {
    it(`shows a new order marked at ${VIEWPORTS[viewport].width} px, fitting and passing axe`, async () => {
      const page = await tabletAt(viewport);
      const id = await orderToday(1);
      await orderButton(page, id).getByText("Nuevo", { exact: true }).waitFor({ timeout: 10_000 });
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/preparation-new-${VIEWPORTS[viewport].width}.png`, fullPage: true });
      await page.context().close();
    });
  }
});
