import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "../../../domain/calendar";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { placeOrder, stockOf } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
});
afterAll(() => t.close());

const today = () => todayInBuenosAires();
const receive = (productId: number, body: Record<string, unknown>, client = preparer) =>
  client.post(`/api/products/${productId}/lots/`, body);

interface LineLot {
  lot_id: number;
  code: string;
  expiry: string;
  quantity: string;
}
interface Detail {
  status: string;
  products: { detailed_product_id: number; FK_Products: number; lots: LineLot[]; without_lot: string | null }[];
}
const detailOf = async (id: number) => (await seller.get(`/api/orders/${id}/`)).json() as Detail;

describe("lots at preparation (issue 42)", () => {
  it("takes the earliest usable expiry first, across lots, and Back to Pendiente gives the kilograms back", async () => {
    const product = await createProduct(seller, { quantity: 0 });
    const id = product.PK_Products;
    const late = (await receive(id, { code: "L-TARDE", expiry: addDays(today(), 30), quantity: "10" })).json();
    const soon = await receive(id, { code: "L-PRONTO", expiry: today(), quantity: "2,5" });
    expect(soon.statusCode).toBe(201);
    expect(soon.json()).toMatchObject({ code: "L-PRONTO", received: "2.500", remaining: "2.500", expired: false });
    expect(await stockOf(seller, id)).toBe("12.500");

    const { id: clientId } = await createClient(seller);
    const orderId = (await placeOrder(seller, clientId, [{ productId: id, units: 4, type: "KG" }])).json().order_id;
    expect((await preparer.post("/api/orders/prepared/", { order_id: orderId })).statusCode).toBe(200);
    const line = (await detailOf(orderId)).products[0]!;
    expect(line.lots).toEqual([
      { lot_id: soon.json().id, code: "L-PRONTO", expiry: today(), quantity: "2.500" },
      { lot_id: late.id, code: "L-TARDE", expiry: addDays(today(), 30), quantity: "1.500" },
    ]);
    expect(line.without_lot).toBe("0.000");
    const lots = (await seller.get(`/api/products/${id}/lots/`)).json().results;
    expect(lots.map((l: { code: string; remaining: string }) => [l.code, l.remaining])).toEqual([
      ["L-PRONTO", "0.000"],
      ["L-TARDE", "8.500"],
    ]);

    expect((await preparer.post("/api/orders/pending/", { order_id: orderId })).statusCode).toBe(200);
    expect((await detailOf(orderId)).products[0]).toMatchObject({ lots: [], without_lot: null });
    const back = (await seller.get(`/api/products/${id}/lots/`)).json().results;
    expect(back.map((l: { remaining: string }) => l.remaining)).toEqual(["2.500", "10.000"]);
  });
});
