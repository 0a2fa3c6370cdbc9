import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { e2eSkipReason, launchPhoneProfile } from "../helpers/browser";
import { VIEWPORTS } from "../helpers/devices";

const skip = e2eSkipReason();
let t: TestApp;
let phone: Awaited<ReturnType<typeof launchPhoneProfile>>;
let page: Page;

beforeAll(async () => {
  if (skip) return;
  t = await createTestApp();
  const baseURL = await t.app.listen({ port: 0, host: "127.0.0.1" });
  // An incognito context is never installable: a real (fresh) profile is.
  phone = await launchPhoneProfile(baseURL, VIEWPORTS.phone);
  page = phone.page;
});
afterAll(async () => {
  await phone?.close();
  await t?.close();
});

describe.skipIf(!!skip)(`installing the app on a phone ${skip}`, () => {
  it("is installable: Chromium reads the manifest and its icons and reports no error", async () => {
    await page.goto("/login");
    await page.getByLabel("Usuario").waitFor();
    const cdp = await phone.context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    expect(phone.cspViolations).toEqual([]);
  });
});
