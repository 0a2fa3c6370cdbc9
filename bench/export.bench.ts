/**
 * Exporting 1,000,000 order rows to csv and xlsx through the export service (cursor →
 * stream) against Postgres `COPY … TO STDOUT` of the same query, in one run: rows/s and
 * the process's peak RSS while each runs.
 */
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { createExportsService } from "../server/features/exports/service";
import { exportQuery } from "../server/features/exports/tables";
import { createInProcessJobs } from "../server/jobs/in-process";
import { freshBenchDatabase } from "./bench-database";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

async function measure(label: string, run: () => Promise<void>) {
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rate = ROWS / seconds;
  console.log(
    `${label.padEnd(30)} ${rate.toFixed(0).padStart(8)} rows/s  ${seconds.toFixed(1)} s  peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - startRss) / 2 ** 20).toFixed(0)})`,
  );
  return rate;
}

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_export");
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  await sql.unsafe(`insert into clients (name, search_name) values ('Cliente Bench', 'cliente bench')`);
  await sql.unsafe(`
    insert into orders (client_id, status_id, delivery_date, order_time, address, notes, total_price, final_price, total_weight, distinct_products)
    select 1, 1 + i % 7, current_date + (i % 14), '10:00', 'Mitre ' || i, 'Nota ' || i, i % 50000, i % 50000 + 1500, (i % 300)::numeric / 10, 1 + i % 5
    from generate_series(1, ${ROWS}) i`);
  await sql.unsafe("analyze orders");
  const exportsService = createExportsService({
    database,
    jobs: createInProcessJobs({}, () => {
      throw new Error("unused");
    }),
    quotaBytes: Number.MAX_SAFE_INTEGER,
  });
  const query = exportQuery("Orders", { start: null, end: null });

  const copy = await measure("COPY … TO STDOUT (csv)", async () => {
    const stream = await sql.unsafe(`copy (${query.text}) to stdout with (format csv, header true)`).readable();
    await pipeline(stream, sink());
  });
  const csv = await measure("export csv (ours)", () =>
    exportsService
      .open({ sql_table: "Orders", type_archive: "csv", start_id: null, end_id: null })
      .then((file) => pipeline(file.stream, sink())),
  );
  const xlsx = await measure("export xlsx (ours)", () =>
    exportsService
      .open({ sql_table: "Orders", type_archive: "xlsx", start_id: null, end_id: null })
      .then((file) => pipeline(file.stream, sink())),
  );
  console.log(`ratio csv / COPY:  ${(csv / copy).toFixed(3)}`);
  console.log(`ratio xlsx / COPY: ${(xlsx / copy).toFixed(3)}`);
  await sql.end();
  await database.close();
}
