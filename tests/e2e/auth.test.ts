import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../helpers/factories";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";

const skip = e2eSkipReason();
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function menuLinks(page: Page) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  await nav.getByRole("link").first().waitFor();
  return nav.getByRole("link").allInnerTexts();
}

describe.skipIf(!!skip)(`signing in, registering and approving in Chromium ${skip}`, () => {
  it("logs in, greets the user on /, and logs out to /login", async () => {
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.getByRole("heading", { name: "Hola, Admin Prueba" }).waitFor();
    for (const tile of [
      "Nuevo Pedido",
      "Nuevo Cliente",
      "Nuevo Producto",
      "Configuración",
      "Pedidos",
      "Clientes",
      "Productos",
    ]) {
      expect(await page.getByRole("link", { name: tile, exact: true }).count()).toBe(1);
    }
    await page.getByRole("button", { name: "Cerrar Sesión" }).click();
    await page.waitForURL("**/login");
    await page.goto("/settings");
    await page.waitForURL("**/login");
  });

  it("shows the spec's message on a wrong password", async () => {
    const user = await createUser(e2e.t, "Vendedor");
    const page = await (await e2e.newContext()).newPage();
    await page.goto("/login");
    await page.getByLabel("Usuario").fill(user.username);
    await page.getByLabel("Contraseña").fill("equivocada");
    await page.getByRole("button", { name: "Ingresar" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe("Error al iniciar sesion. Verifica tus credenciales.");
  });

  it("registers with the challenge, an Admin approves live, and the new Vendedor sees only its links", async () => {
    const visitor = await (await e2e.newContext()).newPage();
    await visitor.goto("/register-request");
    await visitor.getByLabel("Usuario").fill("lucia.vendedora");
    await visitor.getByLabel("Email").fill("lucia@frio.test");
    await visitor.getByLabel("Contraseña").fill("clave-de-lucia");
    await visitor.getByPlaceholder("Seleccioná un grupo").click();
    await visitor.getByRole("option", { name: "Vendedor" }).click();

    const admin = await createUser(e2e.t, "Admin");
    const adminPage = await (await e2e.newContext()).newPage();
    await loginThroughUi(adminPage, admin.username, admin.password);
    await adminPage.getByRole("link", { name: "Configuración" }).click();
    await adminPage.getByRole("link", { name: "Aprobaciones" }).click();
    await adminPage.getByRole("heading", { name: "Usuarios Pendientes" }).waitFor();

    // The widget solves its proof of work by itself; the form then goes through.
    await visitor.locator("altcha-widget").waitFor();
    await visitor.waitForFunction(() =>
      document.querySelector("altcha-widget input[name='altcha']")?.getAttribute("value"),
    );
    await visitor.getByRole("button", { name: "Enviar solicitud" }).click();
    await visitor.getByText("Solicitud enviada. Tu cuenta quedará pendiente de aprobación.").waitFor();
    await visitor.waitForURL("**/login");

    // The pending request appears on the Admin's open screen without a reload.
    await adminPage.getByRole("button", { name: "Aprobar lucia.vendedora" }).click();
    await adminPage.getByRole("button", { name: "Confirmar" }).click();
    await adminPage.getByText("Operación realizada con éxito.").waitFor();

    await loginThroughUi(visitor, "lucia.vendedora", "clave-de-lucia");
    await visitor.getByRole("link", { name: "Configuración" }).click();
    expect(await menuLinks(visitor)).toEqual([
      "Inicio",
      "Nuevo Pedido",
      "Pedidos",
      "Nuevo Cliente",
      "Clientes",
      "Nuevo Producto",
      "Productos",
      "Comisiones",
      "Configuración",
    ]);
  });

  it("sends a Vendedor away from /admin/* pages", async () => {
    const seller = await createUser(e2e.t, "Vendedor");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, seller.username, seller.password);
    for (const path of ["/admin/approvals", "/admin/dispatch", "/admin/audit"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/");
    }
  });

  it("an Admin sees every link including approvals and both boards", async () => {
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/settings");
    expect(await menuLinks(page)).toEqual([
      "Inicio",
      "Nuevo Pedido",
      "Pedidos",
      "Nuevo Cliente",
      "Clientes",
      "Nuevo Producto",
      "Productos",
      "Cuentas",
      "Comisiones",
      "Preparación",
      "Despacho",
      "Caja de cadetes",
      "Aprobaciones",
      "Auditoría",
      "Configuración",
    ]);
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
