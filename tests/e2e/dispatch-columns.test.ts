import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import {
  contrastRatio,
  cutTexts,
  horizontalOverflow,
  preloadAxe,
  seriousViolations,
  settled,
  VIEWPORTS,
} from "../helpers/devices";
import { assignThroughApi, dispatcherPage, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let page: Page;
const today = todayInBuenosAires();
/** Cadete 2 carries a whole route of 3 and has 2 more waiting; Cadete 3 delivered one with a large difference. */
const ids = { route: [] as number[], waiting: [] as number[], short: 0 };

beforeAll(async () => {
  if (skip) return;
  const started = await startDispatchE2E();
  e2e = started.e2e;
  const products = {
    kg: (await createProduct(started.seller, { quantity: 500, price: 50_000 })).PK_Products,
    un: (await createProduct(started.seller, { quantity: 500, isWeighted: false })).PK_Products,
  };
  const names = [
    "Almacén y Despensa Don Tito",
    "Rotisería La Esquina de Quilmes",
    "Supermercado Los Hermanos",
    "Carnicería El Gaucho",
    "Verdulería La Huerta",
    "Kiosco El Paso",
  ];
  const prepared: number[] = [];
  for (const name of names) {
    const { id: clientId } = await createClient(started.seller, { name });
    const id = await confirmOrder(started.seller, { date: today, clientId }, products);
    expect((await started.preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    prepared.push(id);
  }
  ids.route = prepared.slice(0, 3);
  ids.waiting = prepared.slice(3, 5);
  ids.short = prepared[5]!;
  const [two, three] = [await signIn(e2e.t, "Cadete"), await signIn(e2e.t, "Cadete")];
  for (const [column, courier] of [
    [2, two],
    [3, three],
  ] as const)
    expect(
      (await started.dispatcherApi.post("/api/dispatch/couriers/", { column, user_id: courier!.id })).statusCode,
    ).toBe(200);
  for (const id of ids.route) await assignThroughApi(started.dispatcherApi, today, id, 2);
  expect(
    (await started.dispatcherApi.post("/api/dispatch/send-route/", { courier: 2, order_ids: ids.route })).statusCode,
  ).toBe(200);
  for (const id of ids.waiting) await assignThroughApi(started.dispatcherApi, today, id, 2);
  await assignThroughApi(started.dispatcherApi, today, ids.short, 3);
  expect(
    (await started.dispatcherApi.post("/api/dispatch/send-route/", { courier: 3, order_ids: [ids.short] })).statusCode,
  ).toBe(200);
  // Paid $ 100 of $ 77.500: the board shows the difference.
  expect(
    (await three.client.post("/api/courier/delivered/", { order_id: ids.short, amount_received: "100" })).statusCode,
  ).toBe(200);
  page = await dispatcherPage(e2e);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`courier columns count what they carry ${skip}`, () => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    "at %s width a column's head counts its sent orders and its cash difference reads whole",
    async (viewport) => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto("/admin/dispatch");
      await page.getByTestId(`stop-difference-${ids.short}`).waitFor();
      // 2 waiting and 3 on the street, 1,5 kg each (the UN line does not weigh).
      await page.getByTestId("weight-2").filter({ hasText: "5 · 7,5 kg · 3 en reparto" }).waitFor();
      expect(await page.getByTestId("weight-3").innerText()).toBe("0 · 0,0 kg");
      expect(await page.getByTestId(`stop-difference-${ids.short}`).innerText()).toMatch(
        new RegExp(`^#${ids.short} dif\\. -\\$\\s77\\.400,00$`),
      );
      await settled(page);
      // On a phone the columns scroll sideways: each is read once scrolled to.
      for (const column of [2, 3]) {
        await page.getByTestId(`column-${column}`).scrollIntoViewIfNeeded();
        expect(await cutTexts(page, `[data-testid=column-${column}] > :not([data-testid^=column-])`)).toEqual([]);
      }
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/dispatch-columns-${VIEWPORTS[viewport].width}.png` });
    },
  );

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    "at %s width /admin/cash shows the short payment's difference at 4.5:1 or more on any row, with no serious axe finding",
    async (viewport) => {
      const user = await createUser(e2e.t, "Admin");
      const context = await e2e.newContext({ viewport: VIEWPORTS[viewport] });
      await preloadAxe(context);
      const cash = await context.newPage();
      await loginThroughUi(cash, user.username, user.password);
      await cash.goto("/admin/cash");
      const difference = cash.getByTestId("cash-difference").filter({ hasText: /^-\$\s77\.400,00$/ });
      await difference.waitFor();
      await settled(cash);
      // Against its own backdrop and, on a table, every row's: the row it lands on depends on the day's couriers.
      const { color, backgrounds } = await difference.evaluate((text) => {
        const backdrop = (from: Element) => {
          for (let up: Element | null = from; up; up = up.parentElement) {
            const colour = getComputedStyle(up).backgroundColor;
            if (!/^rgba\(.*, 0\)$|transparent/.test(colour)) return colour;
          }
          return "rgb(255, 255, 255)";
        };
        return {
          color: getComputedStyle(text).color,
          backgrounds: [backdrop(text), ...[...document.querySelectorAll("main tbody tr")].map(backdrop)],
        };
      });
      for (const background of backgrounds)
        expect(contrastRatio(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(await horizontalOverflow(cash)).toBe(0);
      expect(await seriousViolations(cash)).toEqual([]);
      if (SHOTS) await cash.screenshot({ path: `${SHOTS}/cash-${VIEWPORTS[viewport].width}.png`, fullPage: true });
      await context.close();
    },
  );

  it.each([
    [1920, 1080],
    [1440, 900],
  ] as const)("at %i×%i the wall shows every stop of a route and cuts no card", async (width, height) => {
    await page.setViewportSize({ width, height });
    await page.goto("/admin/dispatch/wall");
    const column = page.getByTestId("wall-column-2");
    for (const id of ids.route)
      await column.locator(`[data-order-id="${id}"][data-sent]`).waitFor({ state: "attached" });
    await settled(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-route-${width}.png` });
    const cards = await column.evaluate((root) => {
      const body = root.querySelector("[data-testid=wall-card]")!.parentElement!.getBoundingClientRect();
      return [...root.querySelectorAll<HTMLElement>("[data-testid=wall-card]")].map((card) => {
        const box = card.getBoundingClientRect();
        return {
          id: Number(card.dataset.orderId),
          sent: card.dataset.sent !== undefined,
          shown: getComputedStyle(card).visibility !== "hidden",
          whole: box.top >= body.top - 1 && box.bottom <= body.bottom + 1,
        };
      });
    });
    // The route's three stops, each whole; a card is either whole or not shown at all.
    expect(cards.filter((c) => c.sent).map((c) => [c.id, c.shown, c.whole])).toEqual(
      ids.route.map((id) => [id, true, true]),
    );
    expect(cards.filter((c) => c.shown && !c.whole)).toEqual([]);
    const hidden = cards.filter((c) => !c.shown).length;
    if (hidden) expect(await page.getByTestId("wall-hidden-2").innerText()).toBe(`y ${hidden} más`);
    else expect(await page.getByTestId("wall-hidden-2").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-route-${width}.png` });
  });
});
