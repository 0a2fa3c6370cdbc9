import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import {
  contrastRatio,
  horizontalOverflow,
  preloadAxe,
  seriousViolations,
  settled,
  VIEWPORTS,
} from "../helpers/devices";
import { assignThroughApi, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let page: Page;
let courierApi: ApiClient;
const today = todayInBuenosAires();
const ids = { sent: 0, waiting: 0, other: 0 };

/** Every text on the wall: its size, its colour and the first opaque background behind it. */
const wallTexts = (page: Page) =>
  page.getByTestId("wall-columns").evaluate((root) => {
    const opaque = (e: Element | null): string => {
      for (; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") return bg;
      }
      return "rgb(255, 255, 255)";
    };
    return [...root.querySelectorAll("*")]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
      .map((e) => ({
        text: e.textContent!.trim(),
        role: e.closest("[data-testid=wall-card]") ? "card" : "column",
        size: parseFloat(getComputedStyle(e).fontSize),
        color: getComputedStyle(e).color,
        background: opaque(e),
      }));
  });

/** How much of the viewport the four columns cover, as fractions. */
const coverage = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll("[data-testid^=wall-column-]")].map((c) => c.getBoundingClientRect());
    return {
      columns: boxes.length,
      left: Math.min(...boxes.map((b) => b.left)) / innerWidth,
      right: Math.max(...boxes.map((b) => b.right)) / innerWidth,
      top: Math.min(...boxes.map((b) => b.top)) / innerHeight,
      bottom: Math.max(...boxes.map((b) => b.bottom)) / innerHeight,
      width: boxes.reduce((sum, b) => sum + b.width, 0) / innerWidth,
      scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
    };
  });

beforeAll(async () => {
  if (skip) return;
  const started = await startDispatchE2E();
  e2e = started.e2e;
  const products = {
    kg: (await createProduct(started.seller, { quantity: 500 })).PK_Products,
    un: (await createProduct(started.seller, { quantity: 500, isWeighted: false })).PK_Products,
  };
  for (const [key, name] of [
    ["sent", "Almacén Don Tito"],
    ["waiting", "Rotisería La Esquina"],
    ["other", "Despensa Los Hermanos"],
  ] as const) {
    const { id: clientId } = await createClient(started.seller, { name });
    ids[key] = await confirmOrder(started.seller, { date: today, clientId }, products);
    expect((await started.preparer.post("/api/orders/prepared/", { order_id: ids[key] })).statusCode).toBe(200);
  }
  const courier = await createUser(e2e.t, "Cadete");
  courierApi = await signedIn(courier.username, courier.password);
  expect(
    (await started.dispatcherApi.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode,
  ).toBe(200);
  await assignThroughApi(started.dispatcherApi, today, ids.sent, 1);
  await assignThroughApi(started.dispatcherApi, today, ids.waiting, 1);
  await assignThroughApi(started.dispatcherApi, today, ids.other, 2);
  const sent = await started.dispatcherApi.post("/api/dispatch/send-route/", { courier: 1, order_ids: [ids.sent] });
  expect(sent.statusCode).toBe(200);
  const user = await createUser(e2e.t, "Despachante");
  const context = await e2e.newContext({ viewport: { width: 1920, height: 1080 } });
  await preloadAxe(context);
  page = await context.newPage();
  await loginThroughUi(page, user.username, user.password);
});
afterAll(async () => {
  await e2e?.close();
});

async function signedIn(username: string, password: string) {
  const response = await new ApiClient(e2e.t.app).post("/api/login/", { username, password });
  return new ApiClient(e2e.t.app, (response.json() as { access: string }).access);
}

describe.skipIf(!!skip)(`the wall screen read from across the room ${skip}`, () => {
  it.each([
    [1920, 1080, 1],
    [3840, 2160, 2],
  ] as const)(
    "at %i×%i: large type, 7:1 contrast, named couriers, sent orders under theirs, the whole screen used",
    async (width, height, scale) => {
      await page.setViewportSize({ width, height });
      await page.goto("/admin/dispatch/wall");
      const column = page.getByTestId("wall-column-1");
      await column.locator(`[data-order-id="${ids.sent}"][data-sent]`).waitFor();
      expect(await page.getByTestId("wall-courier-1").innerText()).toBe("Cadete 1 · Cadete Prueba");
      expect(await page.getByTestId("wall-courier-2").innerText()).toBe("Cadete 2");
      // The route on the street comes first, marked, then the order waiting to leave.
      expect(await column.getByTestId("wall-card").evaluateAll((cards) => cards.map((c) => c.textContent))).toEqual([
        expect.stringMatching(new RegExp(`^EN REPARTO#${ids.sent}.*Almacén Don Tito`)),
        expect.stringMatching(new RegExp(`^#${ids.waiting}.*Rotisería La Esquina`)),
      ]);
      await page.getByTestId("wall-column-2").locator(`[data-order-id="${ids.other}"]`).waitFor();

      const texts = await wallTexts(page);
      const card = texts.filter((t) => t.role !== "column");
      const large = card.filter((t) => t.text.startsWith("#") || /Almacén|Rotisería|Despensa/.test(t.text));
      expect(large.length).toBe(6);
      expect(Math.min(...large.map((t) => t.size))).toBeGreaterThanOrEqual(48 * scale);
      expect(Math.min(...card.map((t) => t.size))).toBeGreaterThanOrEqual(36 * scale);
      expect(Math.min(...texts.filter((t) => t.role === "column").map((t) => t.size))).toBeGreaterThanOrEqual(
        36 * scale,
      );
      const weak = texts.filter((t) => contrastRatio(t.color, t.background) < 7).map((t) => t.text);
      expect(weak).toEqual([]);

      const covered = await coverage(page);
      expect(covered.columns).toBe(4);
      expect(covered.scrolls).toBe(false);
      expect(covered.left).toBeLessThan(0.02);
      expect(covered.right).toBeGreaterThan(0.98);
      expect(covered.bottom).toBeGreaterThan(0.98);
      expect(covered.width).toBeGreaterThan(0.95);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-${width}.png` });
    },
  );

  it("checked on a phone, a tablet or a desktop, the columns stack and nothing runs off the side", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto("/admin/dispatch/wall");
      await page.getByTestId("wall-column-1").locator(`[data-order-id="${ids.sent}"]`).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await settled(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-${viewport.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it("a delivered order leaves its courier's column live", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto("/admin/dispatch/wall");
    const sent = page.getByTestId("wall-column-1").locator(`[data-order-id="${ids.sent}"]`);
    await sent.waitFor();
    expect((await courierApi.post("/api/courier/delivered/", { order_id: ids.sent })).statusCode).toBe(200);
    await sent.waitFor({ state: "detached", timeout: 5000 });
    expect(await page.getByTestId("wall-column-1").getByTestId("wall-card").count()).toBe(1);
  });
});
