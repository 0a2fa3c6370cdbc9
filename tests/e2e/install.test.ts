import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { CHROMIUM_ARGS, e2eSkipReason } from "../helpers/browser";

const skip = e2eSkipReason();
let t: TestApp;
let context: BrowserContext;
let profile: string;
const cspViolations: string[] = [];

beforeAll(async () => {
  if (skip) return;
  t = await createTestApp();
  const baseURL = await t.app.listen({ port: 0, host: "127.0.0.1" });
  // An incognito context is never installable: a real (fresh) profile is.
  profile = mkdtempSync(join(tmpdir(), "frio-install-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: inject("services").chromiumPath!,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale: "es-AR",
    viewport: { width: 390, height: 844 },
  });
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
afterAll(async () => {
  await context?.close();
  await t?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe.skipIf(!!skip)(`installing the app on a phone ${skip}`, () => {
  it("is installable: Chromium reads the manifest and its icons and reports no error", async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/login");
    await page.getByLabel("Usuario").waitFor();
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
