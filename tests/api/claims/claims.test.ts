import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
});
afterAll(() => t.close());

describe("claims and bonuses", () => {
  it("saves a bonus and an order claim, prefetches the current value, and lists them in full data", async () => {
    const { id } = await createClient(seller);
    expect((await seller.get(`/api/check_client_claim/${id}/?claimType=1`)).json()).toEqual({
      success: true,
      claimValue: "",
    });
    const saved = await seller.post(`/api/save_claim_or_bonus/${id}/`, {
      claimType: 1,
      claimValue: "10% en el próximo pedido",
    });
    expect(saved.json()).toEqual({ success: true, message: "Operación realizada con éxito." });
    await seller.post(`/api/save_claim_or_bonus/${id}/`, { claimType: 1, claimValue: "15% en el próximo pedido" });
    await seller.post(`/api/save_claim_or_bonus/${id}/`, { claimType: 2, claimValue: "Llegó tarde" });
    expect((await seller.get(`/api/check_client_claim/${id}/?claimType=1`)).json().claimValue).toBe(
      "15% en el próximo pedido",
    );
    expect((await seller.get(`/api/check_client_claim/${id}/?claimType=2`)).json().claimValue).toBe("Llegó tarde");
    const full = (await seller.get(`/api/clients/${id}/full-data/`)).json();
    expect(full.bonuses.map((b: { description: string }) => b.description)).toEqual(["15% en el próximo pedido"]);
    expect(full.order_claims.map((b: { description: string }) => b.description)).toEqual(["Llegó tarde"]);
  });

  it("saves a claim per product and reads it by product", async () => {
    const { id } = await createClient(seller);
    const product = await createProduct(seller, { name: "Pizza de prueba" });
    const saved = await seller.post(`/api/save_claim_product/${id}/`, {
      claimType: 3,
      claimValue: "Vino rota",
      product: product.PK_Products,
    });
    expect(saved.statusCode).toBe(200);
    const value = await seller.get(`/api/check_client_claim/${id}/${product.PK_Products}/?claimType=3`);
    expect(value.json().claimValue).toBe("Vino rota");
    const full = (await seller.get(`/api/clients/${id}/full-data/`)).json();
    expect(full.product_claims).toEqual([
      expect.objectContaining({
        description: "Vino rota",
        product_id: product.PK_Products,
        product_name: "Pizza de prueba",
      }),
    ]);
  });

  it("answers SPEC.md §5's messages for a missing type, a blank product claim or no product", async () => {
    const { id } = await createClient(seller);
    const noType = await seller.post(`/api/save_claim_or_bonus/${id}/`, { claimType: 0, claimValue: "x" });
    expect(noType.json().detail).toBe("Debe seleccionar un tipo de carga.");
    const blank = await seller.post(`/api/save_claim_product/${id}/`, { claimType: 3, claimValue: "  ", product: 1 });
    expect(blank.json().detail).toBe("Por favor, ingrese un valor para el reclamo.");
    const noProduct = await seller.post(`/api/save_claim_product/${id}/`, { claimType: 3, claimValue: "Algo" });
    expect(noProduct.json().detail).toBe("Debe seleccionar un producto.");
    const unknownProduct = await seller.post(`/api/save_claim_product/${id}/`, {
      claimType: 3,
      claimValue: "Algo",
      product: 999999,
    });
    expect(unknownProduct.json().detail).toBe("Debe seleccionar un producto.");
    expect((await seller.get(`/api/clients/${id}/full-data/`)).json()).toEqual({
      bonuses: [],
      order_claims: [],
      product_claims: [],
    });
    expect((await seller.get("/api/clients/999999/full-data/")).statusCode).toBe(404);
  });
});
