import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { e2eSkipReason, launchPhoneProfile, loginThroughUi } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { seriousViolations, VIEWPORTS } from "../helpers/devices";
import { keptKeys } from "../helpers/kept-data";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
let t: TestApp | null;
let phone: Awaited<ReturnType<typeof launchPhoneProfile>>;
let page: Page;
let clientId = 0;

beforeAll(async () => {
  if (skip) return;
  t = await createTestApp();
  const baseURL = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const api = (await signIn(t, "Vendedor")).client;
  clientId = (await createClient(api, { name: "Kiosco Sin Señal" })).id;
  await createProduct(api, { name: "Helado kept offline", quantity: 40 });
  const seller = await createUser(t, "Vendedor");
  phone = await launchPhoneProfile(baseURL, VIEWPORTS.phone);
  page = phone.page;
  // Counts the app's requests for persistent storage.
  await phone.context.addInitScript(() => {
    const ask = navigator.storage.persist.bind(navigator.storage);
    Object.assign(window, { frioPersistAsked: 0 });
    navigator.storage.persist = () => {
      (window as unknown as { frioPersistAsked: number }).frioPersistAsked++;
      return ask();
    };
  });
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  await phone?.close();
  await t?.close();
});

/** The kept catalogue: how many products, and when a refresh of it last failed (0: never). */
const keptCatalogue = () =>
  page.evaluate(
    () =>
      new Promise<{ rows: number; failedAt: number }>((resolve) => {
        const userId = JSON.parse(localStorage.getItem("frio-session") ?? "{}").state?.user?.id;
        const open = indexedDB.open("frio-kept-data");
        open.onsuccess = () => {
          const read = open.result.transaction("queries").objectStore("queries").get(`queries:${userId}`);
          read.onsuccess = () => {
            const queries: { queryKey: unknown[]; state: { data?: unknown[]; errorUpdatedAt: number } }[] = read.result
              ? JSON.parse(read.result).clientState.queries
              : [];
            const catalogue = queries.find((q) => q.queryKey[1] === "products");
            resolve({ rows: catalogue?.state.data?.length ?? 0, failedAt: catalogue?.state.errorUpdatedAt ?? 0 });
          };
        };
      }),
  );

/** The notice with the time of the kept data. */
const keptNotice = () => page.getByRole("status").filter({ hasText: /^Sin conexión · datos de las \d\d:\d\d$/ });

describe.skipIf(!!skip)(`the seller's phone with no signal ${skip}`, () => {
  it("after one online visit, opens the order screen and the catalogue from the kept data with the server gone, and says so", async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => (window as unknown as { frioPersistAsked: number }).frioPersistAsked)).toBe(1);
    await page.goto("/orders/new");
    await page
      .getByRole("button", { name: /Kiosco Sin Señal/ })
      .first()
      .click();
    await page.waitForURL(`**/orders/${clientId}/products`);
    await page.getByText("Helado kept offline").first().waitFor();
    // The save runs at most once a second: leaving sooner would lose the last one.
    await expect
      .poll(() => keptKeys(page, 2), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["order-wizard/clients", "order-wizard/client", "order-wizard/products"]));

    // The server stops and the phone loses its signal.
    await t!.close();
    t = null;
    await phone.context.setOffline(true);

    await page.goto("/orders/new");
    await page.getByLabel("Buscar cliente").waitFor();
    const client = page.getByRole("button", { name: /Kiosco Sin Señal/ }).first();
    await client.waitFor();
    await keptNotice().waitFor();
    await page.screenshot({ path: "docs/screenshots/offline-notice-390.png" });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `${viewport.width} px`).toEqual([]);
      await page.screenshot({ path: `/tmp/offline-clients-${viewport.width}.png` });
    }
    await page.setViewportSize(VIEWPORTS.phone);

    // The kept client and catalogue carry the order on.
    await client.click();
    await page.waitForURL(`**/orders/${clientId}/products`);
    await page.getByText("Helado kept offline").first().waitFor();
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await keptNotice().waitFor();
      expect(await seriousViolations(page), `products step, ${viewport.width} px`).toEqual([]);
      await page.screenshot({ path: `/tmp/offline-products-${viewport.width}.png` });
    }
    await page.setViewportSize(VIEWPORTS.phone);

    // Signal again, the server still gone: each refresh gets no answer, and the kept data stays,
    // on screen and on the device (a save after the failure still holds the catalogue).
    await phone.context.setOffline(false);
    await page.reload();
    await page.getByText("Helado kept offline").first().waitFor();
    await keptNotice().waitFor();
    await expect.poll(async () => (await keptCatalogue()).failedAt, { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await keptCatalogue()).rows).toBe(1);
    const { usage } = await page.evaluate(() => navigator.storage.estimate());
    console.log(`kept on the device: ${((usage ?? 0) / 1024 / 1024).toFixed(1)} MB`);
  });
});
