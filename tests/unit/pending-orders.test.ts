import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  expired,
  markChanged,
  markEditing,
  markRefused,
  markResumed,
  markSent,
  ordersOf,
  refusalReasons,
  sendOutcome,
  RETRY_BACKOFF_MS,
  RETRY_EVERY_MS,
  sendQueue,
  unsentCount,
  type PendingOrder,
} from "@domain/pending-orders";

const order = (key: string, over: Partial<PendingOrder> = {}): PendingOrder => ({
  key,
  sellerId: 7,
  clientId: 1,
  clientName: "Almacén",
  total: 100_00,
  takenAt: "2026-11-25T10:00:00.000Z",
  body: {},
  draft: {},
  status: "pending",
  resumeStatus: null,
  orderId: null,
  reasons: [],
  ...over,
});

describe("which pending orders go, and in what order", () => {
  it("sends the seller's waiting orders oldest first, the key breaking a tie", () => {
    const orders = [
      order("c", { takenAt: "2026-11-25T10:05:00.000Z" }),
      order("b"),
      order("a"),
      order("d", { sellerId: 8 }),
      order("e", { status: "review" }),
      order("f", { status: "editing", resumeStatus: "pending" }),
      order("g", { status: "sent", orderId: 3 }),
    ];
    expect(sendQueue(orders, 7).map((o) => o.key)).toEqual(["a", "b", "c"]);
    expect(ordersOf(orders, 7).map((o) => o.key)).toEqual(["a", "b", "e", "f", "g", "c"]);
    // Pendientes (N): everything not taken by the server yet, another seller's aside.
    expect(unsentCount(orders, 7)).toBe(5);
  });

  it("lets sent orders go a day after they were taken, never unsent ones", () => {
    const now = new Date("2026-11-26T10:00:01.000Z");
    const orders = [
      order("old", { status: "sent", orderId: 1 }),
      order("waiting"),
      order("review", { status: "review" }),
    ];
    expect(expired(orders, now).map((o) => o.key)).toEqual(["old"]);
    expect(expired(orders, new Date("2026-11-26T09:59:59.000Z"))).toEqual([]);
  });
});

describe("what an answer does to a pending order", () => {
  it("retries when the server may not have seen it; any other 4xx is a refusal to review", () => {
    for (const status of [0, 500, 502, 503, 401, 408, 429]) expect(sendOutcome(status)).toBe("retry");
    for (const status of [400, 403, 404, 409, 422]) expect(sendOutcome(status)).toBe("refused");
  });

  it("moves pending → sent, pending → review, and review → editing → back to review with its reasons", () => {
    expect(markSent(order("a"), 41)).toMatchObject({ status: "sent", orderId: 41 });
    const refused = markRefused(order("a"), [{ productId: 3, message: "Sin stock" }]);
    expect(refused.status).toBe("review");
    const editing = markEditing(refused)!;
    expect(editing).toMatchObject({ status: "editing", resumeStatus: "review" });
    expect(markResumed(editing)).toMatchObject({ status: "review", resumeStatus: null, reasons: refused.reasons });
    expect(markEditing(markSent(order("a"), 1))).toBeNull();
  });

  it("a change confirmed offline waits again under the same key, its old reasons gone", () => {
    const refused = markRefused(order("k"), [{ productId: 3, message: "Sin stock" }]);
    const changed = markChanged(markEditing(refused)!, {
      body: { x: 1 },
      draft: {},
      total: 5,
      clientId: 1,
      clientName: "Almacén",
    });
    expect(changed).toMatchObject({ key: "k", status: "pending", reasons: [], total: 5, body: { x: 1 } });
  });
});

describe("the server's reasons on each line", () => {
  const items = [{ productId: 10 }, { productId: 20 }];

  it("puts a stock refusal on the product it names", () => {
    const body = { detail: "No cuenta con el stock necesario para este producto.", product_id: 20 };
    expect(refusalReasons(body, items, "x")).toEqual([{ productId: 20, message: body.detail }]);
  });

  it("puts a field refusal on the line of its index, and the order's own reason on the whole order", () => {
    const gone = { detail: "El producto no existe.", errors: { "cart.items.1.productId": "El producto no existe." } };
    expect(refusalReasons(gone, items, "x")).toEqual([{ productId: 20, message: "El producto no existe." }]);
    const client = {
      detail: "El cliente no existe o fue eliminado.",
      errors: { client_id: "El cliente no existe o fue eliminado." },
    };
    expect(refusalReasons(client, items, "x")).toEqual([{ productId: null, message: client.detail }]);
    expect(refusalReasons(null, items, "No se pudo confirmar el pedido.")).toEqual([
      { productId: null, message: "No se pudo confirmar el pedido." },
    ]);
  });
});

describe("back-off after a send with no answer", () => {
  it("waits 1, 2, 4 and 8 s, then leaves it to the 30 s timer", () => {
    expect([0, 1, 2, 3, 4].map(backoffDelay)).toEqual([1_000, 2_000, 4_000, 8_000, null]);
    expect(RETRY_BACKOFF_MS.reduce((a: number, b) => a + b, 0)).toBeLessThan(RETRY_EVERY_MS);
  });
});
