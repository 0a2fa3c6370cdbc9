import { describe, expect, it } from "vitest";
import type { OrderDetail } from "@domain/contracts/orders";
import { receiptLines } from "@domain/receipt";

const order = {
  order_id: 42,
  client_name: "Almacén Don Tito",
  delivery_date: "2026-11-27",
  shipping_time: "Mañana",
  address: "Mitre 500",
  payment_method: "Efectivo",
  total_price: "87252.2",
  shipping_cost: "1500",
  final_price: "88752.20",
  products: [
    { product_name: "Milanesas", Amount: "1.500", Type: "KG", Virtual_Freezer: false },
    { product_name: "Pizza", Amount: "3", Type: "UN", Virtual_Freezer: true },
  ],
} as unknown as OrderDetail;

describe("the receipt a client gets", () => {
  it("writes the date dd/mm/aaaa and every amount with 2 decimals", () => {
    const lines = receiptLines(order);
    expect(lines).toContain("Entrega: 27/11/2026 Mañana");
    expect(lines.join("\n")).not.toContain("2026-11-27");
    expect(lines).toContain("Sub total: $\u00a087.252,20");
    expect(lines).toContain("Envío: $\u00a01.500,00");
    expect(lines).toContain("TOTAL: $\u00a088.752,20");
    expect(lines).toContain("Milanesas · 1,5 kg");
    expect(lines).toContain("Pizza · 3 u. (Freezer)");
  });
});
