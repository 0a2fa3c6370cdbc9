import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { createUser, signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
let e2e: E2E;
let otherSeller: ApiClient;
let page: Page;
let clientId = 0;
let productId = 0;

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  otherSeller = (await signIn(e2e.t, "Vendedor")).client;
  clientId = (await createClient(otherSeller, { name: "Almacén Stock Vivo" })).id;
  productId = (await createProduct(otherSeller, { name: "Stock Vivo Merluza", quantity: 20 })).PK_Products;
  const seller = await createUser(e2e.t, "Vendedor");
  page = await (await e2e.newContext()).newPage();
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the stock a seller sees is the stock now ${skip}`, () => {
  it("another seller's order lowers the stock in the wizard's product list without a reload or a request", async () => {
    await page.goto(`/orders/${clientId}/products`);
    const row = page.getByRole("row", { name: /Stock Vivo Merluza/ });
    await row.waitFor();
    expect(await row.innerText()).toContain("20");

    const requests: string[] = [];
    page.on("request", (request) => request.url().includes("/api/products/") && requests.push(request.url()));
    const order = await placeOrder(otherSeller, clientId, [{ productId, units: "2.5", type: "KG" }]);
    expect(order.statusCode).toBe(200);
    await page.waitForFunction(() => /17,5/.test([...document.querySelectorAll("tr")].find((tr) => tr.textContent?.includes("Stock Vivo Merluza"))?.textContent ?? ""));
    // The list itself was not asked again: the event carried the quantity (the low-stock panel may ask for its own rows).
    expect(requests.filter((url) => !url.includes("bajo_stock"))).toEqual([]);
  });
});
