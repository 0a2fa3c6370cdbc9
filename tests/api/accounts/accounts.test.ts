import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, type ClientAccount, type DebtorsResponse } from "@domain/contracts/accounts";
import { toCentavos } from "@domain/money";
import { rowsOf } from "../../../server/db/rows";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { freshDate } from "../../helpers/boards";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";
import { orderDetails, placeOrder } from "../../helpers/orders";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let admin: ApiClient;
let courier: Awaited<ReturnType<typeof signIn>>;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  dispatcher = (await signIn(t, "Despachante")).client;
  admin = (await signIn(t, "Admin")).client;
  courier = await signIn(t, "Cadete");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(200);
  // $ 1.000 a kilogram, plenty of stock.
  productId = (await createProduct(admin, { quantity: 100000, price: 1000 })).PK_Products;
});
afterAll(() => t.close());

const newClient = async (creditLimit?: number | null) =>
  (await createClient(admin, creditLimit === undefined ? {} : { credit_limit: creditLimit })).id;

/** An order of `kilos` (at $ 1.000 a kg, zone 1's shipping on top) paid by `pay` (1 Efectivo, 2 Transferencia). */
async function order(api: ApiClient, clientId: number, kilos: number | string, extra: Record<string, unknown> = {}) {
  return placeOrder(api, clientId, [{ productId, units: String(kilos), type: "KG" }], {
    orderData: orderDetails({ date: freshDate(), ...extra }),
  });
}

async function orderId(clientId: number, kilos: number | string, pay = 1) {
  const placed = await order(seller, clientId, kilos, { payment_method: { id: pay, name: "" } });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id as number;
}

/** Prepares, sends to the linked courier and marks the order Entregado, with the cash received if given. */
async function deliver(id: number, amountReceived?: string) {
  expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  const date = (await admin.get(`/api/orders/${id}/`)).json().delivery_date as string;
  const cards = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json().cards as {
    PK_Orders: number;
    version: number;
  }[];
  const version = cards.find((c) => c.PK_Orders === id)!.version;
  expect((await dispatcher.post("/api/dispatch/assign/", { order_id: id, courier: 1, version })).statusCode).toBe(200);
  expect((await dispatcher.post("/api/dispatch/send-route/", { courier: 1, order_ids: [id] })).statusCode).toBe(200);
  const body = amountReceived === undefined ? { order_id: id } : { order_id: id, amount_received: amountReceived };
  const delivered = await courier.client.post("/api/courier/delivered/", body);
  expect(delivered.statusCode, delivered.body).toBe(200);
}

const finalPrice = async (id: number) => (await admin.get(`/api/orders/${id}/`)).json().final_price as string;
const accountOf = async (clientId: number, query = "", api = admin) => {
  const response = await api.get(`/api/clients/${clientId}/account/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientAccount;
};
const pay = (clientId: number, body: Record<string, unknown>, key: string | null = randomUUID(), api = admin) =>
  api.post(`/api/clients/${clientId}/payments/`, body, key ? { "idempotency-key": key } : {});

/** Every client whose stored balance differs from the sum of its movements (none, always). */
async function inconsistentAccounts() {
  return rowsOf(
    await t.runtime.database.db.execute(sql`
      select a.client_id from client_accounts a
      left join (select client_id, sum(amount) as total from account_movements group by client_id) m using (client_id)
      where a.balance <> coalesce(m.total, 0)
      union
      select client_id from account_movements where client_id not in (select client_id from client_accounts)`),
  );
}

describe("the credit limit on clients", () => {
  it("is set by an Admin, read back with 2 decimals, and cleared with null", async () => {
    const id = await newClient(150000.5);
    expect((await admin.get(`/api/get_client/${id}/`)).json().credit_limit).toBe("150000.50");
    const detail = (await admin.get(`/api/get_client/${id}/`)).json();
    const { cities: _c, shipments: _s, ...fields } = detail;
    const cleared = await admin.post(`/api/save_client/${id}/`, {
      ...fields,
      email: "cliente@frio.test",
      birthday: "1980-01-02",
      credit_limit: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await admin.get(`/api/get_client/${id}/`)).json().credit_limit).toBeNull();
  });

  it("is refused to a Vendedor who changes it (403) and kept when the seller's form leaves it alone", async () => {
    const refused = await seller.post("/api/clients/", {
      name: "Cliente Limite",
      address: "Mitre 1",
      city: 2,
      shipment: 1,
      phone: "11 4444-0000",
      credit_limit: 1000,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(ACCOUNT_MESSAGES.creditLimitAdminOnly);
    const id = await newClient(5000);
    const { cities: _c, shipments: _s, ...fields } = (await admin.get(`/api/get_client/${id}/`)).json();
    const base = { ...fields, email: "cliente@frio.test", birthday: "1980-01-02" };
    expect((await seller.post(`/api/save_client/${id}/`, { ...base, credit_limit: 9000 })).statusCode).toBe(403);
    const same = await seller.post(`/api/save_client/${id}/`, { ...base, credit_limit: "5000,00", version: undefined });
    expect(same.statusCode, same.body).toBe(200);
    const { credit_limit: _l, ...withoutLimit } = base;
    expect((await seller.post(`/api/save_client/${id}/`, { ...withoutLimit, version: undefined })).statusCode).toBe(
      200,
    );
    expect((await admin.get(`/api/get_client/${id}/`)).json().credit_limit).toBe("5000.00");
  });

  it("refuses a negative, unreadable or 3-decimal limit with a Spanish message", async () => {
    for (const credit_limit of [-1, "abc", "10.005", true, 1_000_000_000.01]) {
      const response = await admin.post("/api/clients/", {
        name: "Cliente Limite",
        address: "Mitre 1",
        city: 2,
        shipment: 1,
        phone: "11 4444-0000",
        credit_limit,
      });
      expect(response.statusCode, String(credit_limit)).toBe(400);
      expect(response.json().errors.credit_limit).toBe(ACCOUNT_MESSAGES.creditLimit);
    }
  });
});

describe("a client's account", () => {
  it("owes a delivered order's final price, less the cash the courier collected; an undo reverses both", async () => {
    const clientId = await newClient();
    const id = await orderId(clientId, "2.5");
    const price = await finalPrice(id);
    await deliver(id, "1000.00");
    let account = await accountOf(clientId);
    expect(account.movements.map((m) => [m.kind, m.amount, m.order_id, m.method])).toEqual([
      ["pago", "-1000.00", id, "Efectivo"],
      ["pedido", price, id, null],
    ]);
    const owed = toCentavos(price) - 100000;
    expect(toCentavos(account.balance)).toBe(owed);
    expect(account.movements[0]!.balance).toBe(account.balance);
    expect(account.movements[1]!.balance).toBe(price);

    const undo = await courier.client.post("/api/courier/undo/", { order_id: id });
    expect(undo.statusCode, undo.body).toBe(200);
    account = await accountOf(clientId);
    expect(account.balance).toBe("0.00");
    expect(account.movements.slice(0, 2).map((m) => [m.kind, m.note])).toEqual([
      ["anulación", ACCOUNT_MESSAGES.deliveryUndone],
      ["anulación", ACCOUNT_MESSAGES.deliveryUndone],
    ]);
    expect(account.count).toBe(4);
    // Delivered again: owed again, once.
    expect((await courier.client.post("/api/courier/delivered/", { order_id: id })).statusCode).toBe(200);
    account = await accountOf(clientId);
    expect(account.balance).toBe("0.00"); // collected in full
    expect(account.count).toBe(6);
    expect(await inconsistentAccounts()).toEqual([]);
  });

  it("debits a transfer order in full: nothing was collected at the door", async () => {
    const clientId = await newClient();
    const id = await orderId(clientId, 3, 2);
    await deliver(id);
    const account = await accountOf(clientId);
    expect(account.balance).toBe(await finalPrice(id));
    expect(account.movements).toHaveLength(1);
  });

  it("lists newest first in pages, each row with the balance after it in date order", async () => {
    const clientId = await newClient();
    const id = await orderId(clientId, 10, 2);
    await deliver(id);
    const price = toCentavos(await finalPrice(id));
    for (const [amount, date] of [
      ["100", "2026-01-05"],
      ["200,50", undefined],
      ["300", "2026-01-04"],
    ] as const)
      expect((await pay(clientId, { amount, payment_method_id: 2, date })).statusCode).toBe(201);
    const whole = await accountOf(clientId);
    // Date order: the back-dated payments first, then the delivery and today's payment.
    const expected = [price - 10000 - 30000 - 20050, price - 10000 - 30000, -40000, -30000];
    expect(whole.movements.map((m) => toCentavos(m.balance))).toEqual(expected);
    const second = await accountOf(clientId, "?limit=2&offset=2");
    expect(second.movements.map((m) => toCentavos(m.balance))).toEqual(expected.slice(2));
    expect(second.count).toBe(4);
    expect((await admin.get(`/api/clients/${clientId}/account/?limit=501`)).statusCode).toBe(400);
  });
});

describe("payments", () => {
  it("refuses a bad amount, method or date with a 400 and a Spanish message, saving nothing", async () => {
    const clientId = await newClient();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0, payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amount],
      [{ amount: -5, payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amount],
      [{ amount: "cien", payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amount],
      [{ amount: "10,005", payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amount],
      [{ amount: null, payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amount],
      [{ amount: 1_000_000_000.01, payment_method_id: 1 }, "amount", ACCOUNT_MESSAGES.amountTooLarge],
      [{ amount: 10, payment_method_id: 999 }, "payment_method_id", ACCOUNT_MESSAGES.method],
      [{ amount: 10, payment_method_id: "x" }, "payment_method_id", ACCOUNT_MESSAGES.method],
      [{ amount: 10, payment_method_id: 1, date: "2999-01-01" }, "date", ACCOUNT_MESSAGES.date],
      [{ amount: 10, payment_method_id: 1, date: "2026-02-30" }, "date", ACCOUNT_MESSAGES.date],
    ];
    for (const [body, field, message] of cases) {
      const response = await pay(clientId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.[field] ?? response.json().detail, JSON.stringify(body)).toBe(message);
    }
    expect((await pay(987654, { amount: 10, payment_method_id: 1 })).statusCode).toBe(404);
    expect((await accountOf(clientId)).count).toBe(0);
  });

  it("takes the largest amount exactly, and es-AR text", async () => {
    const clientId = await newClient();
    const big = await pay(clientId, { amount: "1.000.000.000,00", payment_method_id: 1 });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().balance).toBe("-1000000000.00");
  });

  it("records a payment sent twice with the same Idempotency-Key once", async () => {
    const clientId = await newClient();
    const key = randomUUID();
    const first = await pay(clientId, { amount: "1500.25", payment_method_id: 2 }, key);
    const again = await pay(clientId, { amount: "1500.25", payment_method_id: 2 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const both = await Promise.all(
      [1, 2, 3].map(() => pay(clientId, { amount: 7, payment_method_id: 1 }, "same-key-at-once")),
    );
    expect(new Set(both.map((r) => r.json().id)).size).toBe(1);
    const account = await accountOf(clientId);
    expect(account.count).toBe(2);
    expect(account.balance).toBe("-1507.25");
  });

  it("refuses a key reused with another amount, method or note with a 422, recording nothing more", async () => {
    const clientId = await newClient();
    const key = randomUUID();
    const body = { amount: "250,50", payment_method_id: 2, note: "transferencia" };
    expect((await pay(clientId, body, key)).statusCode).toBe(201);
    for (const other of [
      { ...body, amount: "2505,00" },
      { ...body, payment_method_id: 1 },
      { ...body, note: "otra" },
      { ...body, date: "2020-01-01" },
    ]) {
      const reused = await pay(clientId, other, key);
      expect(reused.statusCode, JSON.stringify(other)).toBe(422);
      expect(reused.json().detail).toBe(ACCOUNT_MESSAGES.keyReused);
    }
    // The same body, es-AR or plain, is the same payment.
    expect((await pay(clientId, { ...body, amount: 250.5 }, key)).statusCode).toBe(201);
    const account = await accountOf(clientId);
    expect(account.count).toBe(1);
    expect(account.balance).toBe("-250.50");
  });

  it("records twenty payments sent at once as twenty movements, exact to the centavo", async () => {
    const clientId = await newClient();
    const id = await orderId(clientId, 20, 2);
    await deliver(id);
    const price = toCentavos(await finalPrice(id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(clientId, { amount: `${i + 1},01`, payment_method_id: 2 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const account = await accountOf(clientId);
    expect(account.count).toBe(21);
    const paid = Array.from({ length: 20 }, (_, i) => (i + 1) * 100 + 1).reduce((a, b) => a + b, 0);
    expect(toCentavos(account.balance)).toBe(price - paid);
    // Each answer's balance is the balance right after it: all different, the lowest the final one.
    const balances = answers.map((r) => toCentavos(r.json().balance));
    expect(new Set(balances).size).toBe(20);
    expect(Math.min(...balances)).toBe(price - paid);
    expect(await inconsistentAccounts()).toEqual([]);
  });

  it("is voided by an Admin with a reversing movement, once; never a courier's cash, never by a Vendedor", async () => {
    const clientId = await newClient();
    const saved = (await pay(clientId, { amount: 500, payment_method_id: 3, note: "Cheque 123" })).json();
    expect((await seller.post(`/api/clients/${clientId}/payments/${saved.id}/void/`)).statusCode).toBe(403);
    const voided = await admin.post(`/api/clients/${clientId}/payments/${saved.id}/void/`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().balance).toBe("0.00");
    const twice = await admin.post(`/api/clients/${clientId}/payments/${saved.id}/void/`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(ACCOUNT_MESSAGES.alreadyVoided);
    const account = await accountOf(clientId);
    expect(account.movements.map((m) => [m.kind, m.amount, m.reverses_id, m.voided])).toEqual([
      ["anulación", "500.00", saved.id, false],
      ["pago", "-500.00", null, true],
    ]);
    expect((await admin.post(`/api/clients/${clientId + 1}/payments/${saved.id}/void/`)).statusCode).toBe(404);

    const cashClient = await newClient();
    const id = await orderId(cashClient, 1);
    await deliver(id);
    const cash = (await accountOf(cashClient)).movements.find((m) => m.kind === "pago")!;
    const refused = await admin.post(`/api/clients/${cashClient}/payments/${cash.id}/void/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(ACCOUNT_MESSAGES.notVoidable);
  });
});

describe("the credit limit on orders", () => {
  it("shows the available credit: limit − balance − orders not yet delivered", async () => {
    const clientId = await newClient(20000);
    const delivered = await orderId(clientId, 3, 2);
    await deliver(delivered);
    const open = await orderId(clientId, 2, 2);
    const account = await accountOf(clientId, "", seller);
    const owed = toCentavos(await finalPrice(delivered));
    const pending = toCentavos(await finalPrice(open));
    expect(toCentavos(account.open_orders_total)).toBe(pending);
    expect(toCentavos(account.available!)).toBe(2000000 - owed - pending);
    expect(account.credit_limit).toBe("20000.00");
  });

  it("refuses a Vendedor's order past it with the available amount; an Admin takes it on purpose, in the history", async () => {
    const clientId = await newClient(5000);
    const first = await orderId(clientId, 1);
    const available = 500000 - toCentavos(await finalPrice(first));
    const refused = await order(seller, clientId, 10);
    expect(refused.statusCode).toBe(409);
    const shown = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 2 }).format(available / 100);
    expect(refused.json().detail).toBe(`El pedido supera el límite de crédito: disponible $ ${shown}.`);
    expect(toCentavos(refused.json().available)).toBe(available);
    // The seller cannot pass it even asking; an Admin must ask.
    expect((await order(seller, clientId, 10, { allow_over_credit: true })).statusCode).toBe(409);
    expect((await order(admin, clientId, 10)).statusCode).toBe(409);
    const taken = await order(admin, clientId, 10, { allow_over_credit: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const read = await admin.get(`/api/orders/${taken.json().order_id}/`);
    expect(read.statusCode, read.body).toBe(200);
    const detail = read.json();
    const created = detail.history.find((h: { type: string }) => h.type === "order.created");
    expect(created.notes).toEqual([`Tomado sobre el límite de crédito (disponible $ ${shown})`]);
    // An order that fits still passes for the seller: nothing is left now, so none does.
    expect((await order(seller, clientId, "0.1")).statusCode).toBe(409);
  });

  it("lets an order within the limit through, and a payment frees credit", async () => {
    // $ 2.000 of goods and $ 1.500 of shipping an order.
    const clientId = await newClient(4000);
    const first = await orderId(clientId, 2, 2);
    await deliver(first);
    expect((await order(seller, clientId, 2)).statusCode).toBe(409);
    expect((await pay(clientId, { amount: await finalPrice(first), payment_method_id: 2 })).statusCode).toBe(201);
    expect((await order(seller, clientId, 2)).statusCode).toBe(200);
  });

  it("checks a modification against the credit without counting the order's own amount twice", async () => {
    const clientId = await newClient(4000);
    const id = await orderId(clientId, 2);
    const same = await placeOrder(seller, clientId, [{ productId, units: "2", type: "KG" }], {
      order_id: id,
      orderData: orderDetails({ date: (await admin.get(`/api/orders/${id}/`)).json().delivery_date }),
    });
    expect(same.statusCode, same.body).toBe(200);
    const bigger = await placeOrder(seller, clientId, [{ productId, units: "5", type: "KG" }], { order_id: id });
    expect(bigger.statusCode).toBe(409);
  });
});

describe("who owes what", () => {
  it("lists debtors oldest debt first with aging, the total owed, and filters by a minimum balance", async () => {
    const a = await newClient();
    const b = await newClient();
    await deliver(await orderId(a, 1, 2));
    await deliver(await orderId(b, 40, 2));
    // Back-date a's debit 45 days: aging reads the delivery's date.
    await t.runtime.database.db.execute(
      sql`update account_movements set date = current_date - 45 where client_id = ${a}`,
    );
    await t.runtime.database.db.execute(
      sql`update client_accounts set oldest_debt_date = current_date - 45 where client_id = ${a}`,
    );
    const list = (await admin.get("/api/accounts/?limit=500")).json() as DebtorsResponse;
    const rowA = list.results.find((r) => r.client_id === a)!;
    const rowB = list.results.find((r) => r.client_id === b)!;
    expect(list.results.indexOf(rowA)).toBeLessThan(list.results.indexOf(rowB));
    expect(rowA.aging).toEqual({ d0_30: "0.00", d31_60: rowA.balance, d61_plus: "0.00" });
    expect(rowB.aging.d0_30).toBe(rowB.balance);
    expect(toCentavos(list.total_owed)).toBe(list.results.reduce((sum, r) => sum + toCentavos(r.balance), 0));
    const big = (await admin.get(`/api/accounts/?min_balance=${rowB.balance}`)).json() as DebtorsResponse;
    expect(big.results.map((r) => r.client_id)).toContain(b);
    expect(big.results.map((r) => r.client_id)).not.toContain(a);
    expect((await admin.get("/api/accounts/?min_balance=abc")).statusCode).toBe(400);
    // Paid in full: off the list.
    expect((await pay(a, { amount: rowA.balance, payment_method_id: 2 })).statusCode).toBe(201);
    const after = (await admin.get("/api/accounts/?limit=500")).json() as DebtorsResponse;
    expect(after.results.map((r) => r.client_id)).not.toContain(a);
  });
});

describe("who may", () => {
  it("refuses every account route to Cadete, Preparador and Despachante (403), and the Admin routes to a Vendedor", async () => {
    const clientId = await newClient();
    const saved = (await pay(clientId, { amount: 10, payment_method_id: 1 })).json();
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/clients/${clientId}/account/`],
      ["POST", `/api/clients/${clientId}/payments/`, { amount: 10, payment_method_id: 1 }],
      ["POST", `/api/clients/${clientId}/payments/${saved.id}/void/`, {}],
      ["GET", "/api/accounts/"],
    ];
    for (const group of ["Cadete", "Preparador", "Despachante"] as const) {
      const api = group === "Cadete" ? courier.client : group === "Preparador" ? preparer : dispatcher;
      for (const [method, url, body] of routes)
        expect((await api.request(method as "GET", url, body)).statusCode, `${group} ${method} ${url}`).toBe(403);
    }
    expect((await seller.get(`/api/clients/${clientId}/account/`)).statusCode).toBe(200);
    expect((await pay(clientId, { amount: 10, payment_method_id: 1 }, randomUUID(), seller)).statusCode).toBe(201);
    expect((await seller.post(`/api/clients/${clientId}/payments/${saved.id}/void/`)).statusCode).toBe(403);
    expect((await seller.get("/api/accounts/")).statusCode).toBe(403);
    expect(await inconsistentAccounts()).toEqual([]);
  });
});
