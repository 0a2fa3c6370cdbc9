/**
 * Client and product search through the API (HTTP on loopback, auth, validation,
 * serialisation) against the same SQL run directly with postgres.js, on 20k clients and
 * 10k products, as p50/p99 latency and their ratio.
 */
import postgres from "postgres";
import { Agent } from "undici";
import { insertBenchUsers, listenBenchApp, signedGet } from "./bench-api";
import { freshBenchDatabase } from "./bench-database";
import { measureLatency, printAgainstRaw } from "./latency";

const TERMS = ["gomez", "maria", "perez", "lopez", "juan", "sofia", "garcia", "diaz", "torres", "ruiz"];
const PRODUCT_TERMS = ["milanesa", "pizza", "helado", "papas", "empanada", "pollo", "merluza", "noquis"];

async function seed(sql: postgres.Sql) {
  await sql.unsafe(`
    insert into clients (name, search_name, address, city_id, shipment_id, phone)
    select n, n, 'Calle ' || i, 2, 1 + i % 7, '11 5555-' || lpad((i % 10000)::text, 4, '0')
    from (select i, (array['maria','juan','sofia','diego','lucia','martin'])[1 + i % 6] || ' ' ||
      (array['gomez','perez','lopez','garcia','diaz','torres','ruiz','suarez'])[1 + i % 8] || ' ' || i as n
      from generate_series(1, 20000) i) s`);
  await sql.unsafe(`
    insert into products (name, search_name, quantity, price, unit_weight)
    select n, n, (i % 50)::numeric, 1000 + i, 0.5
    from (select i, (array['milanesa','pizza','helado','papas','empanada','pollo','merluza','noquis'])[1 + i % 8] || ' variedad ' || i as n
      from generate_series(1, 10000) i) s`);
  await sql.unsafe("analyze");
}

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_search");
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  await seed(sql);
  const { base, close } = await listenBenchApp(database);
  await insertBenchUsers(database, 2, ["bench"]);
  const agent = new Agent({ connections: 4 });
  const get = await signedGet(base, agent, "bench");

  const rawClients = await measureLatency((i) => {
    const term = `%${TERMS[i % TERMS.length]}%`;
    return sql`select * from clients where null_date is null and (search_name ilike ${term} or phone ilike ${term} or address ilike ${term}) order by search_name, id limit 20`;
  });
  const apiClients = await measureLatency((i) => get(`/api/clients_list/?search=${TERMS[i % TERMS.length]}`));
  const rawProducts = await measureLatency((i) => {
    const term = `%${PRODUCT_TERMS[i % PRODUCT_TERMS.length]}%`;
    return sql`select * from products where deleted_at is null and search_name ilike ${term} order by search_name, id limit 200`;
  });
  const apiProducts = await measureLatency((i) =>
    get(`/api/products/?search=${PRODUCT_TERMS[i % PRODUCT_TERMS.length]}`),
  );

  printAgainstRaw("client search, 20k clients", apiClients, rawClients, 34);
  printAgainstRaw("product search, 10k products", apiProducts, rawProducts, 34);

  await close();
  await sql.end();
  await agent.close();
}
