import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { placeOrder } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  const product = await createProduct(seller, { name: "Paginado Ravioles", quantity: 1000 });
  for (let i = 0; i < 25; i++) {
    const { id } = await createClient(seller, { name: `Paginado Cliente ${String(i).padStart(2, "0")}` });
    if (i < 7) await placeOrder(seller, id, [{ productId: product.PK_Products, units: 1, type: "KG" }]);
  }
  for (let i = 0; i < 6; i++) await createProduct(seller, { name: `Paginado Producto ${i}` });
});
afterAll(() => t.close());

const json = async (api: ApiClient, url: string) => {
  const response = await api.get(url);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("lists reach every row", () => {
  it("clients: SPEC.md's call answers 20 rows and no count; pages with a count reach all 25", async () => {
    const spec = await json(seller, "/api/clients_list/?search=paginado&filter_select=&limit=20");
    expect(spec.results).toHaveLength(20);
    expect(spec.count).toBeUndefined();
    const first = await json(seller, "/api/clients_list/?search=paginado&limit=20&offset=0&with_count=true");
    const second = await json(seller, "/api/clients_list/?search=paginado&limit=20&offset=20&with_count=true");
    expect([first.count, second.count]).toEqual([25, 25]);
    const names = [...first.results, ...second.results].map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(25);
    expect(names[24]).toBe("Paginado Cliente 24");
  });

  it("orders and products count what matches and page by offset", async () => {
    const orders = await json(seller, "/api/orders/?search=paginado&limit=5&offset=5&with_count=true");
    expect(orders.count).toBe(7);
    expect(orders.results).toHaveLength(2);
    expect(orders.statuses.length).toBeGreaterThan(0);
    const products = await json(seller, "/api/products/?search=paginado&limit=4&offset=4&with_count=true");
    expect(products.count).toBe(7);
    expect(products.results).toHaveLength(3);
  });

  it("refuses a negative offset", async () => {
    expect((await seller.get("/api/clients_list/?offset=-1")).statusCode).toBe(400);
  });
});
