import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { e2eSkipReason, launchPhoneProfile, loginThroughUi } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { seriousViolations, VIEWPORTS } from "../helpers/devices";
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

/** Whether the device keeps this user's queries in IndexedDB yet (the save is throttled). */
const keptOnDevice = () =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("frio-kept-data");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queries")) return resolve(false);
          const read = db.transaction("queries").objectStore("queries").getAllKeys();
          read.onsuccess = () => resolve(read.result.length > 0);
        };
        open.onerror = () => resolve(false);
      }),
  );

describe.skipIf(!!skip)(`the seller's phone with no signal ${skip}`, () => {
  it("after one online visit, opens the order screen with its kept client list with the server gone, and says so", async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => (window as unknown as { frioPersistAsked: number }).frioPersistAsked)).toBe(1);
    await page.goto("/orders/new");
    await page
      .getByRole("button", { name: /Kiosco Sin Señal/ })
      .first()
      .click();
    await page.waitForURL(`**/orders/${clientId}/products`);
    await page.getByText("Helado kept offline").first().waitFor();
    await page.goto("/orders/new");
    await page
      .getByRole("button", { name: /Kiosco Sin Señal/ })
      .first()
      .waitFor();
    await expect.poll(keptOnDevice, { timeout: 10_000 }).toBe(true);

    // The server stops and the phone loses its signal.
    await t!.close();
    t = null;
    await phone.context.setOffline(true);

    await page.reload();
    await page.getByLabel("Buscar cliente").waitFor();
    await page
      .getByRole("button", { name: /Kiosco Sin Señal/ })
      .first()
      .waitFor();
    const notice = page.getByRole("status").filter({ hasText: "Sin conexión" });
    await expect.poll(() => notice.textContent()).toMatch(/^Sin conexión · datos de las \d\d:\d\d$/);
    expect(page.url()).toMatch(/\/orders\/new$/);
    await page.screenshot({ path: "docs/screenshots/offline-notice-390.png" });

    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `${viewport.width} px`).toEqual([]);
    }
    const { usage } = await page.evaluate(() => navigator.storage.estimate());
    console.log(`kept on the device: ${((usage ?? 0) / 1024 / 1024).toFixed(1)} MB`);
  });
});
