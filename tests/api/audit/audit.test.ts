import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveCaptcha } from "../../helpers/captcha";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { createUser, signIn } from "../../helpers/factories";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, "Admin");
  seller = await signIn(t, "Vendedor");
});
afterAll(() => t.close());

type Entry = {
  id: number;
  at: string;
  actor: string | null;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before: unknown;
  after: unknown;
};
const trail = async (query: string): Promise<Entry[]> => {
  const response = await admin.client.get(`/api/audit/?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().results;
};

describe("the audit trail records who changed what, when, from what to what", () => {
  it("stock and price by hand", async () => {
    const product = await createProduct(seller.client, { quantity: 10, price: 1000 });
    await seller.client.request("PATCH", `/api/product/${product.PK_Products}/update/`, { Quantity: 7.5 });
    await seller.client.post(`/api/products/update/${product.PK_Products}/`, {
      name: product.Name,
      quantity: 7.5,
      price: 1250,
      unitWeight: 0.5,
      isWeighted: true,
      isFeaturedProduct: false,
      principalProductId: 0,
    });
    const entries = await trail(`entity=product&entity_id=${product.PK_Products}`);
    expect(entries.map((e) => e.action)).toEqual(["product.price", "product.stock"]);
    const [price, stock] = entries;
    expect(stock).toMatchObject({
      actor: seller.username,
      actor_id: seller.id,
      before: { quantity: "10.000" },
      after: { quantity: "7.500" },
    });
    expect(price).toMatchObject({ actor: seller.username, before: { price: "1000.00" }, after: { price: "1250.00" } });
    expect(Date.now() - Date.parse(stock!.at)).toBeLessThan(60_000);
  });

  it("a virtual-freezer balance set by hand", async () => {
    const { id: clientId } = await createClient(seller.client);
    const product = await createProduct(seller.client);
    const save = (units: number) =>
      seller.client.post("/api/save_virtual_freezer/", {
        clientId,
        has_virtual_freezer: true,
        items: [{ productId: product.PK_Products, units, type: "KG" }],
      });
    expect((await save(5)).statusCode).toBe(200);
    expect((await save(5)).statusCode).toBe(200); // no change, no record
    expect((await save(40)).statusCode).toBe(200);
    const entries = await trail(`action=freezer.balance&entity_id=${clientId}`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor: seller.username,
      entity: "client",
      before: { has_virtual_freezer: true, items: [{ product_id: product.PK_Products, quantity: "5.000" }] },
      after: { has_virtual_freezer: true, items: [{ product_id: product.PK_Products, quantity: "40.000" }] },
    });
    expect(entries[1]).toMatchObject({ before: { has_virtual_freezer: false, items: [] } });
  });

  it("a shipping cost", async () => {
    const zones = (await seller.client.get("/api/get-shipments-jwt/")).json() as {
      PK_Shipments: number;
      Price: string;
    }[];
    const zone = zones[1]!;
    expect(
      (await seller.client.post("/api/update-shipping-cost/", { zone_id: zone.PK_Shipments, price: 4321 })).statusCode,
    ).toBe(200);
    const [entry] = await trail(`action=shipping.cost&entity_id=${zone.PK_Shipments}`);
    expect(entry).toMatchObject({
      actor: seller.username,
      entity: "shipment",
      before: { price: zone.Price },
      after: { price: "4321.00" },
    });
  });

  it("approvals, denials and deactivations", async () => {
    const groups = (await new ApiClient(t.app).get("/api/account-groups/")).json().results as {
      id: number;
      name: string;
    }[];
    const ask = async (username: string) =>
      new ApiClient(t.app).post("/api/register-request/", {
        username,
        email: `${username}@frio.test`,
        password: "una-clave-larga",
        group_id: groups[0]!.id,
        recaptcha: await solveCaptcha(t.app),
      });
    await ask("audit.aprobar");
    await ask("audit.denegar");
    const pending = (await admin.client.get("/api/admin/approvals/")).json().registration_requests as {
      id: number;
      username: string;
    }[];
    const id = (name: string) => pending.find((r) => r.username === name)!.id;
    await admin.client.post("/api/admin/registration-requests/approve/", { id: id("audit.aprobar") });
    await admin.client.post("/api/admin/registration-requests/deny/", { id: id("audit.denegar") });
    const victim = await createUser(t, "Preparador");
    await admin.client.post("/api/admin/users/deactivate/", { user_id: victim.id });

    const approved = await trail("action=user.approved");
    expect(approved[0]).toMatchObject({
      actor: admin.username,
      entity: "user",
      // The group by its name, not its id.
      after: { username: "audit.aprobar", status: "activo", group: groups[0]!.name },
    });
    expect(approved[0]!.after).not.toHaveProperty("group_id");
    const denied = await trail("action=user.denied");
    expect(denied[0]).toMatchObject({
      actor: admin.username,
      entity: "registration_request",
      entity_id: id("audit.denegar"),
      before: { username: "audit.denegar", group: groups[0]!.name },
    });
    const deactivated = await trail(`action=user.deactivated&entity_id=${victim.id}`);
    expect(deactivated[0]).toMatchObject({
      actor: admin.username,
      before: { is_active: true },
      after: { is_active: false },
    });
  });

  it("filters by user and by date, refuses bad filters in Spanish, and exports as AuditLog", async () => {
    const mine = await trail(`actor_id=${seller.id}&limit=500`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor_id === seller.id)).toBe(true);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });
    expect((await trail(`from=${today}&to=${today}&limit=500`)).length).toBeGreaterThanOrEqual(mine.length);
    expect(await trail("from=2001-01-01&to=2001-01-31")).toEqual([]);

    const bad = await admin.client.get("/api/audit/?action=borrar.todo");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("Acción desconocida.");
    const backwards = await admin.client.get("/api/audit/?from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detail).toBe("La fecha inicial es posterior a la final.");

    const csv = await admin.client.post("/api/export-data/", { sql_table: "AuditLog", type_archive: "csv" });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"PK_AuditLog";"Date";"FK_Users";"username";"Action";"Entity";"Entity_Id";"Before";"After"');
    expect(lines.some((line) => line.includes('"product.stock"') && line.includes(`"${seller.username}"`))).toBe(true);
  });

  it("is Admin's only", async () => {
    for (const group of ["Vendedor", "Preparador", "Despachante"] as const) {
      expect((await (await signIn(t, group)).client.get("/api/audit/")).statusCode).toBe(403);
    }
  });
});
