import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { e2eSkipReason, launchPhoneProfile, loginThroughUi } from "../helpers/browser";
import { VIEWPORTS } from "../helpers/devices";
import { createUser } from "../helpers/factories";

/**
 * Issue 32 item 7: what the phone keeps for a catalogue of 2,000 products and 5,000 clients stays
 * under 50 MB. The seller searches a surname and opens its first client, ten times; the kept
 * entry is read from IndexedDB and the whole origin's storage from navigator.storage.estimate().
 */
const PRODUCTS = 2_000;
const CLIENTS = 5_000;
const VISITS = 10;
const LIMIT_MB = 50;
const SURNAMES = ["gomez", "perez", "lopez", "garcia", "diaz", "torres", "ruiz", "suarez", "romero", "sosa"];

const skip = e2eSkipReason();
let t: TestApp;
let phone: Awaited<ReturnType<typeof launchPhoneProfile>>;
let page: Page;

/** A distributor's catalogue and client book, at the sizes of item 7, with realistic field lengths. */
async function seedCatalogue(app: TestApp) {
  const db = app.runtime.database.db;
  await db.execute(sql`
    insert into products (name, search_name, quantity, price, unit_weight, if_weight, featured, promotions)
    select n, lower(n), (i % 80)::numeric + 0.5, 1500 + (i * 37) % 20000, 0.5 + (i % 4) * 0.25,
      i % 3 <> 0, i % 50 = 0, case when i % 10 = 0 then (i - 1) || '-' || (i - 2) || '-0-0' end
    from (select i, (array['Helado de dulce de leche','Milanesa de pollo rebozada','Pizza muzzarella grande',
      'Papas noisette congeladas','Empanadas de carne cortada a cuchillo','Merluza en filet sin espinas',
      'Ñoquis de papa caseros','Hamburguesas de carne vacuna'])[1 + i % 8] || ' ' || i || ' x ' ||
      (1 + i % 5) || ' kg' as n from generate_series(1, ${PRODUCTS}) i) s`);
  await db.execute(sql`
    insert into clients (name, search_name, address, city_id, shipment_id, phone, email, latitude, longitude)
    select n, lower(n), 'Avenida Hipólito Yrigoyen ' || (100 + i) || ', piso ' || (i % 9) || ' depto B', 2,
      1 + i % 7, '11 4' || lpad((i % 1000)::text, 3, '0') || '-' || lpad(i::text, 4, '0'),
      'cliente' || i || '@almacenes-del-sur.com.ar', -34.72 + (i % 100) / 10000.0, -58.25 - (i % 100) / 10000.0
    from (select i, (array['Almacén','Kiosco','Autoservicio','Despensa','Rotisería'])[1 + i % 5] || ' ' ||
      (array[${sql.raw(SURNAMES.map((s) => `'${s}'`).join(","))}])[1 + i % 10] || ' ' || i as n
      from generate_series(1, ${CLIENTS}) i) s`);
}

/** The user's kept entry: its size (and each query's JSON length, by key prefix), the products and clients it holds. */
const keptEntry = () =>
  page.evaluate(
    () =>
      new Promise<{ bytes: number; byPrefix: Record<string, number>; products: number; clients: number }>(
        (resolve, reject) => {
          const userId = JSON.parse(localStorage.getItem("frio-session") ?? "{}").state?.user?.id;
          const open = indexedDB.open("frio-kept-data");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction("queries").objectStore("queries").get(`queries:${userId}`);
            read.onsuccess = () => {
              const text: string = read.result ?? '{"clientState":{"queries":[]}}';
              const queries: { queryKey: unknown[]; state: { data: unknown } }[] = JSON.parse(text).clientState.queries;
              const byPrefix: Record<string, number> = {};
              for (const q of queries) {
                const prefix = q.queryKey.slice(0, 2).join("/");
                byPrefix[prefix] = (byPrefix[prefix] ?? 0) + JSON.stringify(q).length;
              }
              const catalogue = queries.find((q) => q.queryKey[1] === "products");
              const products = Array.isArray(catalogue?.state.data) ? catalogue.state.data.length : 0;
              const clients = queries.filter((q) => q.queryKey[1] === "client").length;
              // IndexedDB stores a string of Latin-1 characters with one byte each, any other with two.
              const bytes = text.length * (/[\u0100-\uffff]/.test(text) ? 2 : 1);
              resolve({ bytes, byPrefix, products, clients });
            };
          };
        },
      ),
  );

const mb = (n: number) => n / 1024 / 1024;

beforeAll(async () => {
  if (skip) return;
  t = await createTestApp();
  await seedCatalogue(t);
  const baseURL = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const seller = await createUser(t, "Vendedor");
  phone = await launchPhoneProfile(baseURL, VIEWPORTS.phone);
  page = phone.page;
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  await phone?.close();
  await t?.close();
});

describe.skipIf(!!skip)(`storage kept on the phone ${skip}`, () => {
  it(`stays under ${LIMIT_MB} MB for ${PRODUCTS} products and ${CLIENTS} clients`, { timeout: 180_000 }, async () => {
    await page.goto("/orders/new");
    const search = page.getByLabel("Buscar cliente");
    const sizes: number[] = [];
    for (const [visit, surname] of SURNAMES.slice(0, VISITS).entries()) {
      await search.fill(surname);
      await search.press("Enter");
      await page.waitForURL("**/orders/*/products");
      // The products step is ready once the client's name and the catalogue's first rows are on screen.
      await page.getByRole("heading", { name: new RegExp(surname, "i") }).waitFor();
      await page.getByRole("row").nth(1).waitFor();
      // Saved once a second: the visit is measured once its client and the whole catalogue are kept.
      await expect
        .poll(
          async () => {
            const { clients, products } = await keptEntry();
            return { clients, products };
          },
          { timeout: 15_000 },
        )
        .toEqual({ clients: visit + 1, products: PRODUCTS });
      sizes.push((await keptEntry()).bytes);
      await page.getByRole("link", { name: /Volver a clientes/ }).click();
      await search.waitFor();
    }
    const kept = await keptEntry();
    expect(kept.products).toBe(PRODUCTS);

    // Each visit keeps a search's 20 clients and one client's detail, claims and freezer.
    const perVisit = (sizes[VISITS - 1]! - sizes[0]!) / (VISITS - 1);
    const everyClientVisited = kept.bytes + (CLIENTS - VISITS) * perVisit;
    const { usage = 0 } = await page.evaluate(() => navigator.storage.estimate());
    console.log(
      [
        `kept entry after ${VISITS} visits: ${mb(kept.bytes).toFixed(2)} MB`,
        `by query: ${Object.entries(kept.byPrefix)
          .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KB`)
          .join(", ")}`,
        `per visit (a search of 20 and one client opened): ${(perVisit / 1024).toFixed(1)} KB`,
        `a visit to each of the ${CLIENTS} clients within the 7 days: ${mb(everyClientVisited).toFixed(1)} MB`,
        `origin storage in use (shell precache included): ${mb(usage).toFixed(1)} MB`,
      ].join("\n"),
    );
    expect(mb(usage)).toBeLessThan(LIMIT_MB);
    expect(mb(everyClientVisited + usage)).toBeLessThan(LIMIT_MB);
  });
});
