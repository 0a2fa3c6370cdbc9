import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { todayInBuenosAires } from "@domain/calendar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { createUser, signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
const PROGRESS_ROWS = 40_000;
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`shipping cost and commissions in Chromium ${skip}`, () => {
  it("an Admin changes a zone's cost and a new order's delivery step shows it", async () => {
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/settings");
    await page.getByRole("combobox", { name: "Zona" }).click();
    await page.getByRole("option", { name: /Zona Oeste/ }).click();
    await page.getByLabel("Precio").fill("3100");
    await page.getByRole("button", { name: "Actualizar costo" }).click();
    await page.getByText("Costo de envío actualizado correctamente.").waitFor();

    const api = (await signIn(e2e.t, "Vendedor")).client;
    const { id } = await createClient(api, { name: "Cliente Zona Oeste", shipment: 4 });
    await page.goto("/orders/new");
    await page.getByLabel("Buscar cliente").fill("zona oeste");
    await page.getByRole("row", { name: /Cliente Zona Oeste/ }).click();
    await page.waitForURL(`**/orders/${id}/products`);
    await page.goto(`/orders/${id}/delivery`);
    await page.getByText("Costo: $ 3.100").waitFor();

    // The seller select starts on a seller, not on the Admin listed first (admin… before vendedor…).
    await page.goto("/commissions");
    const seller = page.getByRole("combobox", { name: "Vendedor" });
    await expect.poll(() => seller.inputValue()).toMatch(/^Vendedor Prueba \(vendedor/);
  });

  it("a Vendedor calculates only their own commission, without a seller select", async () => {
    const seller = await createUser(e2e.t, "Vendedor");
    const session = (
      await e2e.t.app.inject({
        method: "POST",
        url: "/api/login/",
        payload: { username: seller.username, password: seller.password },
      })
    ).json();
    const api = new ApiClient(e2e.t.app, session.access);
    const clientId = (await createClient(api)).id;
    const product = (await createProduct(api, { price: 2000, quantity: 10, unitWeight: 1 })).PK_Products;
    await placeOrder(api, clientId, [{ productId: product, units: 2, type: "KG" }]);

    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, seller.username, seller.password);
    await page.goto("/commissions");
    expect(await page.getByRole("combobox", { name: "Vendedor" }).count()).toBe(0);
    await page.getByRole("button", { name: "Calcular" }).click();
    await page.getByText("Seleccioná una fecha de inicio y una fecha final.").waitFor();
    const today = todayInBuenosAires();
    await page.getByLabel("Fecha de inicio").fill(today);
    await page.getByLabel("Fecha final").fill(today);
    await page.getByRole("button", { name: "Calcular" }).click();
    await page.getByText("Comisión calculada correctamente.").waitFor();
    // 5 % of 4000.00 in goods.
    expect(await page.getByLabel("Comisión").inputValue()).toMatch(/\$\s200,00/);
    expect(await page.getByRole("button", { name: "Pedidos más costosos" }).count()).toBe(0);
  });

  it("an Admin exports Orders as xlsx, watches the progress bar move, and gets the file; a Vendedor sees no export or deploy card", async () => {
    // Enough orders for the export to take a couple of seconds, so progress is seen mid-way.
    const { id: clientId } = await createClient((await signIn(e2e.t, "Vendedor")).client);
    await e2e.t.runtime.database.db.execute(sql`
      insert into orders (client_id, status_id, delivery_date, order_time, address, notes, total_price, final_price)
      select ${clientId}, 1, current_date, '10:00', 'Mitre ' || i, 'Nota ' || i, 1000, 1500 from generate_series(1, ${PROGRESS_ROWS}) i`);
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Exportar" }).click();
    await page.getByText("Seleccione una tabla y un tipo de archivo.").waitFor();
    await page.getByRole("combobox", { name: "Tabla" }).click();
    await page.getByRole("option", { name: "Orders", exact: true }).click();
    await page.getByRole("combobox", { name: "Tipo de archivo" }).click();
    await page.getByRole("option", { name: "xlsx" }).click();
    await page.getByLabel("ID final").waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const value = document
          .querySelector("[aria-label='Progreso de la exportación']")
          ?.getAttribute("aria-valuenow");
        if (value && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["aria-valuenow"],
      });
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exportar" }).click(),
    ]);
    const bar = page.getByRole("progressbar", { name: "Progreso de la exportación" });
    await page.waitForFunction(
      () =>
        document.querySelector("[aria-label='Progreso de la exportación']")?.getAttribute("aria-valuenow") === "100",
    );
    expect(await bar.count()).toBe(1);
    const seen = (await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).map(
      Number,
    );
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(download.suggestedFilename()).toMatch(/^Orders_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe("PK_Orders");
    expect(book.worksheets[0]!.actualRowCount).toBeGreaterThan(PROGRESS_ROWS);
    expect(await page.getByRole("heading", { name: "Actualizar Software!" }).count()).toBe(1);

    const seller = await createUser(e2e.t, "Vendedor");
    const sellerPage = await (await e2e.newContext()).newPage();
    await loginThroughUi(sellerPage, seller.username, seller.password);
    await sellerPage.goto("/settings");
    await sellerPage.getByRole("heading", { name: "Costo de envío por zona" }).waitFor();
    expect(await sellerPage.getByRole("heading", { name: "Exportar datos" }).count()).toBe(0);
    expect(await sellerPage.getByRole("heading", { name: "Actualizar Software!" }).count()).toBe(0);
  });
});
