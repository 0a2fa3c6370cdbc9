import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { inject } from "vitest";
import { createTestApp, type TestApp } from "./app";

export interface E2E {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  /** What Chromium refused under the Content-Security-Policy, in every page of every context. */
  cspViolations: string[];
  /** A signed-out context at 1366 px in es-AR; options change it (a phone's viewport, another time zone). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Whether e2e can run here, and if not, the reason shown in the skip. */
export function e2eSkipReason(): string {
  const { chromiumPath, missing } = inject("services");
  return chromiumPath ? "" : (missing.chromium ?? "needs Chromium");
}

/** The whole app (API + built web) on a private database, and a real Chromium driving it; `redis`: in production mode. */
export async function startE2E(options: { env?: Record<string, string>; redis?: boolean } = {}): Promise<E2E> {
  const { chromiumPath } = inject("services");
  const t = await createTestApp({ env: options.env, redis: options.redis });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  // Playwright gives each launch a fresh temporary profile (its own --user-data-dir).
  const browser = await chromium.launch({ executablePath: chromiumPath!, headless: true, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  return {
    t,
    baseUrl,
    browser,
    cspViolations,
    async newContext(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: "es-AR",
        viewport: { width: 1366, height: 900 },
        // A screen's test runs without the service worker: else every new context precaches the
        // whole shell (157 files) behind its pages. The worker's own tests use launchPhoneProfile.
        serviceWorkers: "block",
        ...options,
      });
      context.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      contexts.push(context);
      return context;
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await t.close();
    },
  };
}

/**
 * Chromium with a real (fresh) profile, as a phone's browser has: an incognito context is never
 * installable. The profile's folder is removed on close.
 */
export async function launchPhoneProfile(
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; cspViolations: string[]; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "frio-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: inject("services").chromiumPath!,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale: "es-AR",
    viewport,
  });
  const cspViolations: string[] = [];
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    cspViolations,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login screen, as a person does. */
export async function loginThroughUi(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Usuario").fill(username);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: /ingresar/i }).click();
  await page.waitForURL((url) => url.pathname === "/");
}
