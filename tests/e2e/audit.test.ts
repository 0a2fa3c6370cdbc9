import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { AUDIT_ACTIONS } from "@domain/contracts/audit";
import { createProduct } from "../helpers/catalog";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the audit screen in Chromium ${skip}`, () => {
  it("shows who changed stock by hand, filters by action, and fits 390, 768 and 1440 px", async () => {
    const seller = await signIn(e2e.t, "Vendedor");
    const product = await createProduct(seller.client, { quantity: 12 });
    await seller.client.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: 3 });
    await seller.client.post("/api/update-shipping-cost/", { zone_id: 2, price: 999 });
    const deleted = await createProduct(seller.client, { name: "Auditado Borrado" });
    await seller.client.post(`/api/products/delete/${deleted.PK_Products}/`);

    const admin = await signIn(e2e.t, "Admin");
    const moved = await createUser(e2e.t, "Vendedor");
    await admin.client.post("/api/admin/users/change-group/", { user_id: moved.id, group_id: 4 }); // Despachante
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/settings");
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Auditoría" }).click();
    await page.waitForURL("**/admin/audit");
    const table = page.getByRole("table", { name: "Auditoría" });
    const stockRow = table.getByRole("row").filter({ hasText: "Stock a mano" });
    await stockRow.waitFor();
    expect(await stockRow.innerText()).toContain(seller.username);
    // Readable values: weights with kg, money in es-AR pesos, groups by name.
    expect(await stockRow.innerText()).toContain("stock: 12 kg");
    expect(await stockRow.innerText()).toContain("stock: 3 kg");
    const groupRow = table.getByRole("row").filter({ hasText: "Cambio de grupo" });
    expect(await groupRow.innerText()).toMatch(/grupo: Vendedor[\s\S]*grupo: Despachante/);
    const costRow = table.getByRole("row").filter({ hasText: "Costo de envío" });
    expect((await costRow.innerText()).replace(/\u00a0/g, " ")).toContain("precio: $ 999,00");

    await page.getByPlaceholder("Todas").click();
    // Every recorded action is offered by its Spanish name, the new ones of issue 39 too.
    const offered = await page.getByRole("option").allInnerTexts();
    expect(offered).toEqual(Object.values(AUDIT_ACTIONS));
    expect(offered).toEqual(
      expect.arrayContaining([
        "Producto eliminado",
        "Exportación directa",
        "Copia de seguridad descargada",
        "Despliegue",
      ]),
    );
    await page.getByRole("option", { name: "Costo de envío" }).click();
    await table.getByRole("row").filter({ hasText: "Costo de envío" }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector("table[aria-label='Auditoría']")?.textContent?.includes("Stock a mano"),
    );
    await page.getByRole("combobox", { name: "Acción" }).click();
    await page.getByRole("option", { name: "Producto eliminado" }).click();
    const deletedRow = table.getByRole("row").filter({ hasText: "Producto eliminado" });
    await deletedRow.getByText("nombre: Auditado Borrado", { exact: false }).waitFor();
    expect(await deletedRow.innerText()).toContain(seller.username);

    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // The page itself never scrolls sideways (once laid out at the new width); the table scrolls inside its own area.
      const fits = await page
        .waitForFunction(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          undefined,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      expect([width, fits]).toEqual([width, true]);
      expect(await page.getByRole("button", { name: "Exportar auditoría (CSV)" }).isVisible()).toBe(true);
    }

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exportar auditoría (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^AuditLog_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
