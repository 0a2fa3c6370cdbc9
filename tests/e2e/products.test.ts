import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient } from "../helpers/catalog";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  const seller = await createUser(e2e.t, "Vendedor");
  page = await (await e2e.newContext()).newPage();
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`products and the virtual freezer in Chromium ${skip}`, () => {
  it("creates a main and a secondary product, filters them, and edits one", async () => {
    await page.goto("/products/new");
    await page.getByLabel("Nombre").fill("  Empanadas de verdura x 12 ");
    await page.getByLabel("Cantidad (KG)").fill("20");
    await page.getByLabel("Precio").fill("11500");
    await page.getByLabel("Peso por unidad (kg)").fill("0,9");
    await page.getByRole("button", { name: "Crear producto" }).click();
    await page.getByText("Producto creado correctamente.").waitFor();
    await page.waitForURL("**/products");

    await page.goto("/products/new");
    await page.getByLabel("Nombre").fill("Empanadas de verdura caja");
    await page.getByLabel("Depende de otro producto").check();
    await page.getByRole("combobox", { name: "Producto principal" }).click();
    await page.getByRole("option", { name: "Empanadas de verdura x 12" }).click();
    await page.getByLabel("Cantidad (KG)").fill("5");
    await page.getByLabel("Precio").fill("10000");
    await page.getByLabel("Peso por unidad (kg)").fill("5");
    await page.getByRole("button", { name: "Crear producto" }).click();
    await page.waitForURL("**/products");

    await page.getByPlaceholder("Buscar por nombre").fill("empanadas de verdura");
    await page.getByRole("row", { name: /Empanadas de verdura caja/ }).waitFor();
    await page.getByRole("combobox", { name: "Filtro" }).click();
    await page.getByRole("option", { name: "Productos secundarios" }).click();
    await page.getByRole("row", { name: /Empanadas de verdura x 12/ }).waitFor({ state: "detached" });
    expect(await page.getByRole("row", { name: /Empanadas de verdura caja/ }).count()).toBe(1);

    await page.getByRole("row", { name: /Empanadas de verdura caja/ }).click();
    await page.getByLabel("Destacado").check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto actualizado correctamente.").waitFor();
    await page.getByRole("combobox", { name: "Filtro" }).click();
    await page.getByRole("option", { name: "Destacados" }).click();
    await page.getByRole("row", { name: /Empanadas de verdura caja/ }).waitFor();
  });

  it("turns a product into a promotion of existing products and edits its stock", async () => {
    const seller = await signIn(e2e.t, "Vendedor");
    const ids = (await seller.client.get("/api/products/?search=empanadas%20de%20verdura"))
      .json()
      .results.map((p: { PK_Products: number }) => p.PK_Products);
    await page.goto("/products/new");
    await page.getByLabel("Nombre").fill("PROMO Empanadas x 24");
    await page.getByLabel("Cantidad (KG)").fill("10");
    await page.getByLabel("Precio").fill("21000");
    await page.getByLabel("Peso por unidad (kg)").fill("1,8");
    await page.getByRole("button", { name: "Crear producto" }).click();
    await page.waitForURL("**/products");
    await page.getByPlaceholder("Buscar por nombre").fill("promo empanadas");
    await page.getByRole("row", { name: /PROMO Empanadas x 24/ }).click();
    await page.getByLabel("Es una promoción").check();
    await page.getByLabel(/Productos de la promoción/).fill("999999");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /no existen/ })
      .waitFor();
    await page.getByLabel(/Productos de la promoción/).fill(ids.join("-"));
    await page.getByLabel("Cantidad (KG)").fill("7,5");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto actualizado correctamente.").waitFor();
    const promo = (await seller.client.get("/api/products/?search=promo%20empanadas")).json().results[0];
    expect(promo).toMatchObject({ is_promotion: true, Quantity: "7.500", Promotions: `${ids.join("-")}-0-0` });
  });

  it("fills a client's virtual freezer with totals, saves it, and saves the off state", async () => {
    const seller = await signIn(e2e.t, "Vendedor");
    const { id } = await createClient(seller.client, { name: "Clienta Con Freezer" });
    await page.goto(`/clients/${id}/virtual-freezer`);
    await page.getByLabel("¿Tiene Freezer Virtual?").check();
    await page.getByLabel("Buscar producto").fill("empanadas de verdura x");
    await page.getByRole("row", { name: /Empanadas de verdura x 12/ }).click();
    await page.getByLabel("Cantidad de Empanadas de verdura x 12").fill("2,5");
    await page.getByText("Peso Total: 2,5 kg").waitFor();
    await page.getByText(/Total a Pagar: \$\s28\.750,00/).waitFor();
    await page.getByRole("button", { name: "Guardar freezer" }).click();
    await page.getByText("Freezer virtual guardado con éxito.").waitFor();
    const saved = (await seller.client.get(`/api/clients/${id}/virtual-freezer/`)).json();
    expect(saved.cart.items).toEqual([
      expect.objectContaining({ Name: "Empanadas de verdura x 12", Quantity: "2.500", Type: "KG" }),
    ]);

    await page.getByLabel("¿Tiene Freezer Virtual?").uncheck();
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await page.getByText("Freezer virtual guardado con éxito.").nth(1).waitFor();
    expect((await seller.client.get(`/api/clients/${id}/virtual-freezer/`)).json().has_virtual_freezer).toBe(false);
  });
});
