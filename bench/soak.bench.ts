/**
 * Memory under a long mixed load (BENCH_SOAK_MINUTES, 10 by default) against a production
 * deployment: orders, order-list reads, preparation and dispatch board reads and 20
 * websocket boards, spread over two API processes and a worker. The oldest orders are
 * cancelled as new ones come, so about 300 stay open: the data a read returns stays the same
 * size and any growth is the processes' own. Each process's RSS is
 * sampled every 5 s; after a warm-up fifth, the least-squares slope is printed in MB per
 * 10 minutes (target under 5). The baseline is the same slope of an idle deployment's
 * processes over the warm-up, measured before the load starts.
 */
import { readFileSync } from "node:fs";
import { api, openBoards, startDeployment, startEmbedded, type Deployment } from "./deployment";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SAMPLE_EVERY_MS = 5_000;
const ORDERS_PER_SECOND = 20;
const READS_PER_SECOND = 20;
const OPEN_ORDERS = 300;
/** BENCH_SOAK_EMBEDDED=1: the same load on one embedded server (`npm start` without DATABASE_URL). */
const EMBEDDED = process.env.BENCH_SOAK_EMBEDDED === "1";

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Least-squares slope of (minutes, MB), as MB per 10 minutes. */
function slopePer10Min(points: { minutes: number; mb: number }[]) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.minutes, 0) / n;
  const my = points.reduce((s, p) => s + p.mb, 0) / n;
  const num = points.reduce((s, p) => s + (p.minutes - mx) * (p.mb - my), 0);
  const den = points.reduce((s, p) => s + (p.minutes - mx) ** 2, 0);
  return den ? (10 * num) / den : 0;
}

async function sampleFor(deployment: Deployment, ms: number, load: () => void) {
  const samples = deployment.processes.map(() => [] as { minutes: number; mb: number }[]);
  const began = performance.now();
  while (performance.now() - began < ms) {
    load();
    const minutes = (performance.now() - began) / 60_000;
    deployment.processes.forEach((p, i) => {
      samples[i]!.push({ minutes, mb: rssMb(p.pid!) });
    });
    await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
  }
  return samples;
}

export async function run() {
  const deployment = EMBEDDED ? await startEmbedded() : await startDeployment("frio_bench_soak");
  const names = EMBEDDED ? ["embedded"] : ["API 1", "API 2", "worker"];
  try {
    if (EMBEDDED) console.log(`embedded RSS right after start: ${rssMb(deployment.processes[0]!.pid!).toFixed(0)} MB`);
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = await sampleFor(deployment, 60_000, () => {});
    let events = 0;
    const boards = await openBoards(deployment, 10, () => events++);
    let n = 0;
    const open: number[] = [];
    const order = async (i: number) => {
      open.push(await deployment.order(i));
      if (open.length > OPEN_ORDERS)
        await api(
          deployment.bases[i % deployment.bases.length]!,
          "/api/orders/cancel/",
          { order_id: open.shift() },
          deployment.token,
        );
    };
    const reads = [
      "/api/orders/?page=1",
      "/api/preparation/?delivery_date=2027-09-01",
      "/api/dispatch/?delivery_date=2027-09-01",
      "/api/orders/?search=bench",
    ];
    const timer = setInterval(() => {
      for (let i = 0; i < ORDERS_PER_SECOND / 10; i++) void order(n++).catch(() => {});
      // Each instance serves every kind of read in turn.
      for (let i = 0; i < READS_PER_SECOND / 10; i++)
        void api(
          deployment.bases[(n + i) % deployment.bases.length]!,
          reads[Math.floor((n + i) / 2) % reads.length]!,
          undefined,
          deployment.token,
        ).catch(() => {});
    }, 100);
    const loaded = await sampleFor(deployment, MINUTES * 60_000, () => {});
    clearInterval(timer);
    boards.forEach((b) => {
      b.close();
    });
    console.log(`${MINUTES} min of mixed load: ${n} orders, ${events} board deliveries, ${READS_PER_SECOND} reads/s`);
    names.forEach((name, i) => {
      const points = loaded[i]!.slice(Math.floor(loaded[i]!.length / 5));
      const first = points[0]!.mb;
      const last = points.at(-1)!.mb;
      console.log(
        `${name.padEnd(7)} RSS ${first.toFixed(0)} → ${last.toFixed(0)} MB, slope after warm-up ${slopePer10Min(points).toFixed(1)} MB / 10 min` +
          `  (idle baseline ${slopePer10Min(idle[i]!).toFixed(1)} MB / 10 min)` +
          `, peak ${Math.max(...loaded[i]!.map((p) => p.mb)).toFixed(0)} MB`,
      );
    });
  } finally {
    deployment.stop();
  }
}
