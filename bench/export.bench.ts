/**
 * Exporting 1,000,000 order rows to csv and xlsx through the export service (COPY → the
 * es-AR writers → a stream) against Postgres `COPY … TO STDOUT` of the same query, in
 * alternating rounds of one run: rows/s, the ratio to COPY of the same round, and how far
 * the process's RSS rose over its level before each export (sampled every 20 ms), each
 * beside its target (issue 33: csv ≥ 0.5× COPY and < 100 MB, xlsx ≥ 0.15× and < 300 MB).
 */
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { createExportsService } from "../server/features/exports/service";
import { exportQuery } from "../server/features/exports/tables";
import { createInProcessJobs } from "../server/jobs/in-process";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
const MiB = 2 ** 20;
const TARGETS = { csv: { ratio: 0.5, rssMiB: 100 }, xlsx: { ratio: 0.15, rssMiB: 300 } };

interface Measure {
  rate: number;
  seconds: number;
  /** RSS's rise over its level at the start, and its peak. */
  rise: number;
  peak: number;
}

async function measure(run: () => Promise<void>): Promise<Measure> {
  global.gc?.();
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { rate: ROWS / seconds, seconds, rise: (peak - startRss) / MiB, peak: peak / MiB };
}

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);

export async function run() {
  const name = "frio_bench_export";
  const { database, url } = await freshBenchDatabase(name);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  await sql.unsafe(`insert into clients (name, search_name) values ('Cliente Bench', 'cliente bench')`);
  await sql.unsafe(`
    insert into orders (client_id, status_id, delivery_date, order_time, address, notes, total_price, final_price, total_weight, distinct_products)
    select 1, 1 + i % 7, current_date + (i % 14), '10:00', 'Mitre ' || i, 'Nota ' || i, i % 50000, i % 50000 + 1500, (i % 300)::numeric / 10, 1 + i % 5
    from generate_series(1, ${ROWS}) i`);
  await sql.unsafe("vacuum analyze orders");
  const exportsService = createExportsService({
    database,
    jobs: createInProcessJobs({}, () => {
      throw new Error("unused");
    }),
    quotaBytes: Number.MAX_SAFE_INTEGER,
  });
  const query = exportQuery("Orders", { start: null, end: null });
  const exportTo = (type_archive: "csv" | "xlsx") => () =>
    exportsService
      .open({ sql_table: "Orders", type_archive, start_id: null, end_id: null }, null)
      .then((file) => pipeline(file.stream, sink()));

  const rounds: { copy: Measure; csv: Measure; xlsx: Measure }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const copy = await measure(async () => {
      const stream = await sql.unsafe(`copy (${query.text}) to stdout with (format csv, header true)`).readable();
      await pipeline(stream, sink());
    });
    const csv = await measure(exportTo("csv"));
    const xlsx = await measure(exportTo("xlsx"));
    rounds.push({ copy, csv, xlsx });
    const line = (label: string, m: Measure) =>
      `${label} ${m.rate.toFixed(0).padStart(8)} rows/s ${m.seconds.toFixed(1).padStart(5)} s  RSS +${m.rise.toFixed(0)} MiB (peak ${m.peak.toFixed(0)})`;
    console.log(`round ${round}:`);
    console.log(`  ${line("COPY … TO STDOUT (csv)", copy)}`);
    console.log(`  ${line("export csv (ours)     ", csv)}  ×${(csv.rate / copy.rate).toFixed(3)}`);
    console.log(`  ${line("export xlsx (ours)    ", xlsx)}  ×${(xlsx.rate / copy.rate).toFixed(3)}`);
  }

  console.log(
    `\n${ROWS.toLocaleString("en")} order rows, ${ROUNDS} alternating rounds (medians; RSS: the largest rise)`,
  );
  console.log(`COPY … TO STDOUT baseline: ${median(rounds.map((r) => r.copy.rate)).toFixed(0)} rows/s`);
  for (const format of ["csv", "xlsx"] as const) {
    const ratio = median(rounds.map((r) => r[format].rate / r.copy.rate));
    const rise = max(rounds.map((r) => r[format].rise));
    const target = TARGETS[format];
    console.log(
      `${format.padEnd(4)}: ${median(rounds.map((r) => r[format].rate)).toFixed(0)} rows/s, ×${ratio.toFixed(3)} of COPY (target ≥ ${target.ratio}: ${ratio >= target.ratio ? "met" : "NOT met"}); RSS +${rise.toFixed(0)} MiB (target < ${target.rssMiB} MB: ${rise * 1.048576 < target.rssMiB ? "met" : "NOT met"})`,
    );
  }
  await sql.end();
  await database.close();
  await dropBenchDatabase(name);
}
