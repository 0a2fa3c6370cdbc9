import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_DIST } from "../../server/paths";
import { OFFLINE_MESSAGES } from "../../web/src/features/offline/messages";
import { createTestApp, type TestApp } from "../helpers/app";
import { e2eSkipReason, launchPhoneProfile, loginThroughUi } from "../helpers/browser";
import { createClient } from "../helpers/catalog";
import { VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
let t: TestApp;
let phone: Awaited<ReturnType<typeof launchPhoneProfile>>;
let page: Page;
/** A copy of the built web, which the test turns into the next version. */
let webRoot: string;
let clientName: string;

beforeAll(async () => {
  if (skip) return;
  webRoot = mkdtempSync(join(tmpdir(), "frio-web-"));
  cpSync(WEB_DIST, webRoot, { recursive: true });
  t = await createTestApp({ webRoot });
  const baseURL = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const api = (await signIn(t, "Vendedor")).client;
  clientName = "Almacén Versión Nueva";
  await createClient(api, { name: clientName });
  const seller = await createUser(t, "Vendedor");
  phone = await launchPhoneProfile(baseURL, VIEWPORTS.phone);
  // What the page tells service workers, kept across its reloads: the order to take over is one.
  await phone.context.addInitScript(() => {
    const post = ServiceWorker.prototype.postMessage as (message: unknown) => void;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, message: unknown) {
      const told = JSON.parse(sessionStorage.getItem("frio-told-workers") ?? "[]") as unknown[];
      sessionStorage.setItem("frio-told-workers", JSON.stringify([...told, message]));
      post.call(this, message);
    };
  });
  page = phone.page;
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  await phone?.close();
  await t?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/** The registration's workers as the page sees them. */
const workers = () =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { active: registration?.active?.state ?? null, waiting: registration?.waiting?.state ?? null };
  });

/** Until the registration's worker is in `state` (polled in the page: waitForFunction takes no promise). */
const workerIn = (which: "active" | "waiting", state: ServiceWorkerState) =>
  page.evaluate(
    async ([which, state]) => {
      for (;;) {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.[which]?.state === state) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    [which, state] as const,
  );
/** Until the active worker has finished activating (the old version's caches cleaned). */
const activated = () => workerIn("active", "activated");

const toldToTakeOver = () =>
  page.evaluate(() =>
    (JSON.parse(sessionStorage.getItem("frio-told-workers") ?? "[]") as { type?: string }[]).some(
      (m) => m?.type === "SKIP_WAITING",
    ),
  );

/** Marks this document: the mark is gone once the page has reloaded. */
const markDocument = () => page.evaluate(() => Object.assign(window, { frioSameDocument: true }));
const sameDocument = () => page.evaluate(() => "frioSameDocument" in window);

describe.skipIf(!!skip)(`a new version of the app ${skip}`, () => {
  it("waits while an order is open, and once none is takes over: the page reloads onto it with a notice", async () => {
    // The first visit installs the service worker, which takes the page at once.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await activated();
    expect(await workers()).toEqual({ active: "activated", waiting: null });

    // An order in progress: the client is chosen, the products step is on screen.
    await page.goto("/orders/new");
    await page.getByLabel("Buscar cliente").fill("Versión Nueva");
    await page
      .getByRole("button", { name: new RegExp(clientName) })
      .first()
      .click();
    await page.waitForURL(/\/products$/);
    await markDocument();

    // A new build is deployed: its service worker differs by a byte.
    appendFileSync(join(webRoot, "sw.js"), "\n// next version\n");
    rmSync(join(webRoot, "sw.js.br"), { force: true });
    rmSync(join(webRoot, "sw.js.gz"), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await workerIn("waiting", "installed");

    // It stays waiting: the page neither reloads nor changes version under the open order.
    const stillWaiting = await page.evaluate(async () => {
      const waiting = (await navigator.serviceWorker.getRegistration())!.waiting!;
      await new Promise((resolve) => {
        waiting.addEventListener("statechange", resolve, { once: true });
        setTimeout(resolve, 1500);
      });
      return waiting.state;
    });
    expect(stillWaiting).toBe("installed");
    expect(await sameDocument()).toBe(true);
    await expect(page.getByText(OFFLINE_MESSAGES.updateApplied).count()).resolves.toBe(0);

    expect(await toldToTakeOver()).toBe(false);

    // The seller leaves the order (back to the client list clears it): the app tells the new
    // version to take over, and the page reloads onto it with a notice.
    await page.getByRole("link", { name: "Volver a clientes" }).click();
    // Step by step, so a failure says which step did not come: told, reloaded, then the notice.
    await expect.poll(toldToTakeOver, { timeout: 20_000 }).toBe(true);
    await page.waitForFunction(() => !("frioSameDocument" in window), undefined, { timeout: 20_000 });
    await page.getByText(OFFLINE_MESSAGES.updateApplied).waitFor();
    await activated();
    expect(await workers()).toEqual({ active: "activated", waiting: null });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("frio-order-wizard")!).state.clientId)).toBeNull();
    await expect(page.getByLabel("Buscar cliente").isVisible()).resolves.toBe(true);
  });
});
