import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELF_DEACTIVATE, SELF_GROUP } from "@domain/user-admin";
import { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { horizontalOverflow, seriousViolations, settled, VIEWPORTS, type ViewportName } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { askForAccount } from "../helpers/registration";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the users screen in Chromium ${skip}`, () => {
  it("an Admin resets a password (shown once, copyable), moves a user to another group, and cannot act on themselves", async () => {
    const admin = await createUser(e2e.t, "Admin");
    const seller = await signIn(e2e.t, "Vendedor");
    const context = await e2e.newContext({ viewport: VIEWPORTS.desktop });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/admin/approvals");

    // Their own row: every control disabled, the reason beside it.
    const ownDeactivate = page.getByRole("button", { name: `Desactivar ${admin.username}` });
    await ownDeactivate.waitFor();
    expect(await ownDeactivate.isDisabled()).toBe(true);
    await page.getByText(SELF_DEACTIVATE).waitFor();
    expect(await page.getByRole("combobox", { name: `Grupo de ${admin.username}` }).isDisabled()).toBe(true);
    await page.getByText(SELF_GROUP).waitFor();

    await page.getByRole("button", { name: `Restablecer contraseña de ${seller.username}` }).click();
    await page.getByRole("dialog", { name: "Confirmación" }).getByRole("button", { name: "Confirmar" }).click();
    const shown = page.getByRole("dialog", { name: `Nueva contraseña de ${seller.username}` });
    const password = await shown.getByLabel("Contraseña nueva").inputValue();
    expect(password).toMatch(/^[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}$/);
    await shown.getByRole("button", { name: "Copiar" }).click();
    await shown.getByRole("button", { name: "Copiada" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await page.setViewportSize(VIEWPORTS.phone);
    await settled(page);
    expect(await seriousViolations(page), "password dialog").toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-password-phone.png` });
    await shown.getByRole("button", { name: "Listo" }).click();
    await shown.waitFor({ state: "detached" });
    // Shown once: nothing on the page holds it any more, and the user's old session is over.
    expect(await page.content()).not.toContain(password);
    expect((await seller.client.get("/api/me/")).statusCode).toBe(401);
    const relogin = await new ApiClient(e2e.t.app).post("/api/login/", { username: seller.username, password });
    expect(relogin.statusCode).toBe(200);

    await page.getByRole("combobox", { name: `Grupo de ${seller.username}` }).click();
    await page.getByRole("option", { name: "Despachante" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirmación" });
    await confirm.getByText(`¿Mover a ${seller.username} al grupo Despachante?`, { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText(`${seller.username} ahora es Despachante.`).waitFor();
    expect(await page.getByRole("combobox", { name: `Grupo de ${seller.username}` }).inputValue()).toBe("Despachante");
    const me = await new ApiClient(e2e.t.app, relogin.json().access).get("/api/me/");
    expect(me.statusCode).toBe(401);

    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.getByRole("button", { name: `Desactivar ${seller.username}` }).waitFor();
      await settled(page);
      expect(await horizontalOverflow(page), viewport).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), viewport).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-${viewport}.png`, fullPage: true });
    }
  });
  it("the requests awaiting approval come 20 a page: an Admin reaches the 23rd on page 2 and approves it there", async () => {
    for (let i = 1; i <= 23; i++) {
      expect((await askForAccount(e2e.t.app, `espera.${String(i).padStart(2, "0")}`)).statusCode).toBe(200);
    }
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/admin/approvals");
    const count = page.getByTestId("list-count").first();
    await count.getByText("1–20 de 23 resultados").waitFor();
    await page.getByRole("button", { name: "Aprobar espera.20" }).waitFor();
    expect(await page.getByRole("button", { name: "Aprobar espera.21" }).count()).toBe(0);

    await page.getByRole("button", { name: "Página 2" }).first().click();
    await count.getByText("21–23 de 23 resultados").waitFor();
    await page.getByRole("button", { name: "Aprobar espera.23" }).click();
    await page.getByRole("dialog", { name: "Confirmación" }).getByRole("button", { name: "Confirmar" }).click();
    await count.getByText("21–22 de 22 resultados").waitFor();
    await page.getByRole("button", { name: "Desactivar espera.23" }).waitFor();

    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.getByRole("button", { name: "Aprobar espera.22" }).waitFor();
      await settled(page);
      expect(await horizontalOverflow(page), viewport).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), viewport).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/approvals-page-2-${viewport}.png`, fullPage: true });
    }
  });
});
