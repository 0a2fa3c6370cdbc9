import { loadavg } from "node:os";
/** p50 and p99 of samples in milliseconds (NaN when there are none). */
export const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};

/** Runs `task` `count` times one after another and reports p50 and p99 in milliseconds. */
export async function measureLatency(task: (i: number) => Promise<unknown>, count = 400, warmup = 40) {
  for (let i = 0; i < warmup; i++) await task(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** One clock for every thread of the process: the monotonic one, in milliseconds. */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

type Latency = { p50: number; p99: number };
/** Prints a row: our p50 and p99 beside the raw baseline's, and their ratio. */
export const printAgainstRaw = (label: string, ours: Latency, raw: Latency, width = 40) =>
  console.log(
    `${label.padEnd(width)} p50 ${fmt(ours.p50)} (SQL ${fmt(raw.p50)}, ×${(ours.p50 / raw.p50).toFixed(2)})  p99 ${fmt(ours.p99)} (SQL ${fmt(raw.p99)}, ×${(ours.p99 / raw.p99).toFixed(2)})`,
  );

/** A p99 against its target, as the benches print it: "12.3 ms (target ≤ 50 ms: met)". */
export const p99Verdict = (p99: number, target: number) =>
  `${p99.toFixed(1)} ms (target ≤ ${target} ms: ${p99 <= target ? "met" : "NOT met"})`;

/** The 1, 5 and 15-minute load averages every figure is quoted with. */
export const loadAverages = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
