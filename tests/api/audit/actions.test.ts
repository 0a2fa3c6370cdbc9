import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AUDIT_ACTIONS } from "@domain/contracts/audit";
import { createTestApp, type TestApp } from "../../helpers/app";
import { createClient, createProduct } from "../../helpers/catalog";
import { signIn } from "../../helpers/factories";

/**
 * Issue 39, item 11: deploys, exports, backup downloads, commission-rate changes and deletions
 * left no audit record. Each is recorded with who, when and what.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let seller: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp({ env: { DEPLOY_COMMAND: "echo listo" } });
  admin = await signIn(t, "Admin");
  seller = await signIn(t, "Vendedor");
});
afterAll(() => t.close());

type Entry = {
  actor: string | null;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  at: string;
  before: unknown;
  after: unknown;
};
const trail = async (action: keyof typeof AUDIT_ACTIONS): Promise<Entry[]> => {
  const response = await admin.client.get(`/api/audit/?action=${action}`);
  expect(response.statusCode).toBe(200);
  return response.json().results;
};

/** A background export once its job has written the file. */
async function finishedExport(id: string) {
  for (;;) {
    const job = (await admin.client.get(`/api/exports/${id}/`)).json();
    if (job.status !== "queued" && job.status !== "running") return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the audit trail records what leaves, what is deleted and what is deployed", () => {
  it("deleting a product or a client: who, when, the id and the name", async () => {
    const product = await createProduct(seller.client, { name: "Borrado Ravioles", quantity: 4, price: 1200 });
    expect((await seller.client.post(`/api/products/delete/${product.PK_Products}/`)).statusCode).toBe(200);
    const { id: clientId } = await createClient(seller.client, { name: "Borrado Cliente Uno" });
    expect((await seller.client.post(`/api/clients/${clientId}/null_date/`)).statusCode).toBe(200);

    const [deletedProduct] = await trail("product.deleted");
    expect(deletedProduct).toMatchObject({
      actor: seller.username,
      entity: "product",
      entity_id: product.PK_Products,
      before: { name: "Borrado Ravioles", quantity: "4.000", price: "1200.00" },
      after: null,
    });
    expect(Date.now() - Date.parse(deletedProduct!.at)).toBeLessThan(60_000);
    const [deletedClient] = await trail("client.deleted");
    expect(deletedClient).toMatchObject({
      actor: seller.username,
      entity: "client",
      entity_id: clientId,
      before: { name: "Borrado Cliente Uno" },
    });
    // A second delete finds nothing to delete and records nothing.
    expect((await seller.client.post(`/api/clients/${clientId}/null_date/`)).statusCode).toBe(404);
    expect(await trail("client.deleted")).toHaveLength(1);
  });

  it("a commission-rate change, from what to what; saving the same rates records nothing", async () => {
    const save = (rate: number, includes_shipping: boolean) =>
      admin.client.post("/api/commissions/settings/", { rate, includes_shipping });
    expect((await save(7.5, true)).statusCode).toBe(200);
    expect((await save(7.5, true)).statusCode).toBe(200);
    const entries = await trail("commission.rates");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: admin.username,
      entity: "settings",
      before: { rate_percent: 5, includes_shipping: false },
      after: { rate_percent: 7.5, includes_shipping: true },
    });
  });

  it("a direct export, a background export, its download and its deletion: which table, range and format", async () => {
    const direct = await admin.client.post("/api/export-data/", {
      sql_table: "Clients",
      type_archive: "csv",
      start_id: 1,
      end_id: 50,
    });
    expect(direct.statusCode).toBe(200);
    expect(await trail("export.direct")).toMatchObject([
      { actor: admin.username, entity: "export", after: { table: "Clients", format: "csv", start_id: 1, end_id: 50 } },
    ]);

    const job = (await admin.client.post("/api/exports/", { sql_table: "Cities", type_archive: "xlsx" })).json();
    const what = { export_id: job.id, table: "Cities", format: "xlsx", start_id: null, end_id: null };
    expect(await trail("export.started")).toMatchObject([{ actor: admin.username, after: what }]);
    const done = await finishedExport(job.id);
    expect(done.status).toBe("done");
    expect((await admin.client.get(done.file_url)).statusCode).toBe(200);
    expect(await trail("export.downloaded")).toMatchObject([{ actor: admin.username, after: what }]);
    expect((await admin.client.request("DELETE", `/api/exports/${job.id}/`)).statusCode).toBe(200);
    expect(await trail("export.deleted")).toMatchObject([{ actor: admin.username, before: what, after: null }]);
  });

  it("a deploy started, by whom", async () => {
    expect((await admin.client.post("/api/deploy/")).statusCode).toBe(200);
    const [deploy] = await trail("deploy.started");
    expect(deploy).toMatchObject({ actor: admin.username, actor_id: admin.id, entity: "deploy" });
    expect(deploy!.after).toMatchObject({ job_id: expect.stringMatching(/^deploy-\d+$/) });
  });
});

// A backup needs the production mode's pg_dump (or the embedded data directory): its own app.
describe("the audit trail records a backup download", () => {
  it("who took the whole database, the file's name and size", async () => {
    const production = await createTestApp({ redis: true });
    try {
      const owner = await signIn(production, "Admin");
      const download = await owner.client.get("/api/backups/download/");
      expect(download.statusCode).toBe(200);
      const filename = /filename="([^"]+)"/.exec(String(download.headers["content-disposition"]))![1];
      const entries = (await owner.client.get("/api/audit/?action=backup.downloaded")).json().results;
      expect(entries).toMatchObject([
        { actor: owner.username, entity: "backup", after: { filename, bytes: download.rawPayload.length } },
      ]);
    } finally {
      await production.close();
    }
  });
});
