import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { confirmOrder, sendRouteOf } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { contrastRatio, cutTexts, preloadAxe, seriousViolations, settled } from "../helpers/devices";
import { assignThroughApi, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let page: Page;
const today = todayInBuenosAires();
const COURIERS = 12;
/** Client names as long as a distributor's real ones, the longest on two lines at most. */
const CLIENTS = [
  "Almacén Don Tito",
  "Rotisería La Esquina",
  "Despensa Los Hermanos",
  "Carnicería El Gaucho",
  "Autoservicio Nueva Era",
  "Kiosco Mi Barrio",
];
/** Each courier's route of three sent stops (SPEC §9), and its orders waiting to leave. */
const routes = new Map<number, number[]>();

/**
 * The wall with every sent stop: per stop, whether it shows whole (inside its column's body and
 * the screen, not hidden), and its client name's font size and contrast.
 */
const sentStops = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-testid=wall-card][data-sent]")].map((card) => {
      const body = card.parentElement!.getBoundingClientRect();
      const box = card.getBoundingClientRect();
      const name = card.querySelector<HTMLElement>("[data-testid=wall-client]")!;
      const style = getComputedStyle(name);
      return {
        id: Number(card.dataset.orderId),
        whole:
          getComputedStyle(card).visibility !== "hidden" &&
          box.top >= body.top - 1 &&
          box.bottom <= body.bottom + 1 &&
          box.bottom <= innerHeight &&
          box.right <= innerWidth &&
          card.scrollHeight <= card.clientHeight + 1,
        nameSize: parseFloat(style.fontSize),
        color: style.color,
        background: getComputedStyle(card).backgroundColor,
      };
    }),
  );

beforeAll(async () => {
  if (skip) return;
  const started = await startDispatchE2E();
  e2e = started.e2e;
  const { seller, preparer, dispatcherApi } = started;
  const products = {
    kg: (await createProduct(seller, { quantity: 5000 })).PK_Products,
    un: (await createProduct(seller, { quantity: 5000, isWeighted: false })).PK_Products,
  };
  const clients: number[] = [];
  for (const name of CLIENTS) clients.push((await createClient(seller, { name })).id);
  const order = async (n: number) => {
    const id = await confirmOrder(seller, { date: today, clientId: clients[n % clients.length]! }, products);
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    return id;
  };
  const fleet = Array.from({ length: COURIERS - 3 }, (_, i) => ({ column: 4 + i }));
  expect((await dispatcherApi.put("/api/dispatch/fleet/", { couriers: fleet })).statusCode).toBe(200);
  let n = 0;
  for (let column = 1; column <= COURIERS; column++) {
    const courier = await createUser(e2e.t, "Cadete");
    const linked = await dispatcherApi.post("/api/dispatch/couriers/", { column, user_id: courier.id });
    expect(linked.statusCode).toBe(200);
    const route = [await order(n++), await order(n++), await order(n++)];
    await sendRouteOf(dispatcherApi, today, column, route);
    routes.set(column, route);
    // Orders waiting to leave after the route: two for the first couriers, one for the rest.
    for (let waiting = column <= 4 ? 2 : 1; waiting > 0; waiting--)
      await assignThroughApi(dispatcherApi, today, await order(n++), column);
  }
  for (let unassigned = 0; unassigned < 3; unassigned++) await order(n++);
  const user = await createUser(e2e.t, "Despachante");
  const context = await e2e.newContext({ viewport: { width: 1920, height: 1080 } });
  await preloadAxe(context);
  page = await context.newPage();
  await loginThroughUi(page, user.username, user.password);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the wall with twelve couriers, each with a route out ${skip}`, () => {
  it.each([
    // At 1920×1080 (the wall's 55" screen, 0.63 mm a px) 30 px is a capital of about 13 mm:
    // read from 6 m with room to spare (the eye's limit there is about 9 mm); 1440×900 keeps the
    // same share of the screen's width (3/4 of it).
    [1920, 1080, 30],
    [1440, 900, 22.5],
  ] as const)(
    "at %i×%i: every sent stop shows whole, client names at %s px or more, nothing cut, axe clean",
    async (width, height, floor) => {
      await page.setViewportSize({ width, height });
      await page.goto("/admin/dispatch/wall");
      await page.getByTestId(`wall-courier-${COURIERS}`).waitFor();
      for (const [column, route] of routes)
        for (const id of route)
          await page
            .getByTestId(`wall-column-${column}`)
            .locator(`[data-order-id="${id}"][data-sent]`)
            .waitFor({ state: "attached" });
      await settled(page);
      expect(await page.locator("[data-testid^=wall-column-]").count()).toBe(COURIERS + 1);

      const stops = await sentStops(page);
      expect(stops).toHaveLength(COURIERS * 3);
      const smallest = Math.min(...stops.map((s) => s.nameSize));
      const cut = stops.filter((s) => !s.whole).map((s) => s.id);
      console.info(`wall ${width}×${height}: smallest sent client name ${smallest} px, ${cut.length} stops not whole`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-12-couriers-${width}.png` });
      expect(cut).toEqual([]);
      expect(smallest).toBeGreaterThanOrEqual(floor);
      expect(stops.filter((s) => contrastRatio(s.color, s.background) < 7)).toEqual([]);
      expect(await cutTexts(page, "[data-testid=wall-columns]")).toEqual([]);
      const scrolls = await page.evaluate(
        () => document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
      );
      expect(scrolls).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
