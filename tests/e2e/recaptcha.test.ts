import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, startE2E, type E2E } from "../helpers/browser";
import { startFakeRecaptcha, type FakeRecaptcha } from "../helpers/fake-recaptcha";

const skip = e2eSkipReason();
let e2e: E2E;
let google: FakeRecaptcha;

beforeAll(async () => {
  if (skip) return;
  // Google's reCAPTCHA stands in on 127.0.0.1: its widget script and siteverify.
  google = await startFakeRecaptcha("clave-publica-del-sitio");
  e2e = await startE2E({
    env: {
      RECAPTCHA_SECRET: "secreto",
      RECAPTCHA_SITE_KEY: "clave-publica-del-sitio",
      RECAPTCHA_VERIFY_URL: google.verifyUrl,
      RECAPTCHA_SCRIPT_URL: google.scriptUrl,
    },
  });
});
afterAll(async () => {
  await e2e?.close();
  await google?.close();
});

async function registrationPage(): Promise<Page> {
  const page = await (await e2e.newContext()).newPage();
  await page.goto("/register-request");
  return page;
}

describe.skipIf(!!skip)(`registration with RECAPTCHA_SECRET in Chromium ${skip}`, () => {
  it("shows reCAPTCHA's widget with the site key from the server's configuration, and registers", async () => {
    google.mode = "works";
    const page = await registrationPage();
    const box = page.getByRole("button", { name: "No soy un robot" });
    await box.waitFor();
    expect(await box.getAttribute("data-sitekey")).toBe("clave-publica-del-sitio");
    expect(await page.locator("altcha-widget").count()).toBe(0);
    await page.getByLabel("Usuario").fill("con.recaptcha");
    await page.getByLabel("Email").fill("recaptcha@frio.test");
    await page.getByLabel("Contraseña").fill("clave-con-recaptcha");
    await page.getByPlaceholder("Seleccioná un grupo").click();
    await page.getByRole("option", { name: "Vendedor" }).click();
    await box.click();
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await page.getByText("Solicitud enviada. Tu cuenta quedará pendiente de aprobación.").waitFor();
    expect(google.verified).toContain("secreto:ok-token:clave-publica-del-sitio");
  });

  it("says 'No se pudo cargar reCAPTCHA' when its script cannot be loaded", async () => {
    google.mode = "missing";
    const page = await registrationPage();
    await page.getByText("No se pudo cargar reCAPTCHA").waitFor();
  });

  it("says 'reCAPTCHA no se inicializó a tiempo' when it is not ready within 10 s", async () => {
    google.mode = "never-ready";
    const page = await registrationPage();
    await page.getByText("reCAPTCHA no se inicializó a tiempo").waitFor({ timeout: 20_000 });
  }, 30_000);

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
