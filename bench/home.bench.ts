/**
 * The home screen's reads through the API (HTTP on loopback, auth, zod, serialisation)
 * against their SQL run directly with postgres.js, on 200k orders over 400 days (about 500
 * a day, 20 sellers), 100k courier stops and 2,000 clients: today's figures of an Admin
 * (everyone's) and of a Vendedor (own), the 14-day chart, and a client's last order.
 */
import postgres from "postgres";
import { Agent } from "undici";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import { insertBenchUsers, listenBenchApp, signedGet } from "./bench-api";
import { freshBenchDatabase } from "./bench-database";
import { measureLatency, printAgainstRaw } from "./latency";

const BA = "'America/Argentina/Buenos_Aires'";

async function seed(sql: postgres.Sql, sellerIds: number[]) {
  await sql.unsafe(
    `insert into clients (name, search_name) select 'cliente ' || i, 'cliente ' || i from generate_series(1, 2000) i`,
  );
  await sql.unsafe(`
    insert into orders (client_id, seller_id, status_id, create_date, delivery_date, final_price, total_weight)
    select 1 + i % 2000, (array[${sellerIds.join(",")}])[1 + i % ${sellerIds.length}], 1 + i % 7,
      now() - (i % 400) * interval '1 day' - (i % 1440) * interval '1 minute', current_date - (i % 400) + 1, 1000 + (i % 5000) / 100.0, 2.5
    from generate_series(1, 200000) i`);
  await sql.unsafe(`
    insert into courier_stops (order_id, "column", delivery_date, position, state, amount_due)
    select i, 1 + i % 3, current_date - (i % 400), i % 3, (array['pendiente','entregado','no_entregado'])[1 + i % 3], 1500.25
    from generate_series(1, 100000) i`);
  await sql.unsafe("analyze");
}

/** GETs as `username` that must answer 200. */
async function signedClient(base: string, agent: Agent, username: string) {
  const get = await signedGet(base, agent, username);
  return async (path: string) => {
    const { status } = await get(path);
    if (status !== 200) throw new Error(`${path}: ${status}`);
  };
}

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_home");
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const [admin] = await insertBenchUsers(database, 1, ["bench-admin"]);
  const [seller, ...others] = await insertBenchUsers(database, 2, [
    "bench-seller",
    ...Array.from({ length: 18 }, (_, i) => `bench-${i}`),
  ]);
  await seed(sql, [admin!.id, seller!.id, ...others.map((o) => o.id)]);

  const { base, close } = await listenBenchApp(database);
  const agent = new Agent({ connections: 4 });
  const asAdmin = await signedClient(base, agent, "bench-admin");
  const asSeller = await signedClient(base, agent, "bench-seller");

  const today = todayInBuenosAires();
  const start = (date: string) => `('${date}'::date::timestamp at time zone ${BA})`;
  const todayWindow = `create_date >= ${start(today)} and create_date < ${start(addDays(today, 1))}`;
  const rawFigures = (sellerId: number | null) =>
    measureLatency(() =>
      sql.unsafe(`select count(*) filter (where ${todayWindow}), sum(final_price) filter (where ${todayWindow}), count(*), sum(final_price) from orders
        where status_id <> 2 ${sellerId === null ? "" : `and seller_id = ${sellerId}`}
          and ((${todayWindow}) or (create_date >= ${start(addDays(today, -7))} and create_date < now() - interval '7 days'))`),
    );
  const rawChart = (sellerId: number | null) =>
    measureLatency(() =>
      sql.unsafe(`select ((create_date at time zone ${BA})::date)::text, count(*), sum(final_price)::text from orders
        where status_id <> 2 ${sellerId === null ? "" : `and seller_id = ${sellerId}`}
          and create_date >= ${start(addDays(today, -13))} and create_date < ${start(addDays(today, 1))} group by 1`),
    );
  const rawLast = await measureLatency(
    (
      i,
    ) => sql`with own as materialized (select id, create_date from orders where client_id = ${1 + (i % 2000)} and status_id <> 2)
      select id, create_date from own order by create_date desc, id desc limit 1`,
  );

  printAgainstRaw(
    "figures, Admin (everyone's sales)",
    await measureLatency(() => asAdmin("/api/home/figures/")),
    await rawFigures(null),
  );
  printAgainstRaw(
    "figures, Vendedor (own sales)",
    await measureLatency(() => asSeller("/api/home/figures/")),
    await rawFigures(seller!.id),
  );
  printAgainstRaw("14-day chart, Admin", await measureLatency(() => asAdmin("/api/home/sales/")), await rawChart(null));
  printAgainstRaw(
    "14-day chart, Vendedor",
    await measureLatency(() => asSeller("/api/home/sales/")),
    await rawChart(seller!.id),
  );
  // The API also reads the order's lines (a second, indexed statement); the baseline is the first.
  printAgainstRaw(
    "a client's last order (repeat)",
    await measureLatency((i) => asSeller(`/api/orders/last/?client_id=${1 + (i % 2000)}`)),
    rawLast,
  );

  await close();
  await sql.end();
  await agent.close();
}
