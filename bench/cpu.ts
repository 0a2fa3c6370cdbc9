/** CPU time used by processes of one name (Linux /proc), to tell where a benchmark's cores went. */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 100;

/** CPU ticks (user + system) of each live process with this command name. */
function ticksByPid(command: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (stat.slice(stat.indexOf("(") + 1, close) !== command) continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

/**
 * Runs `work` and reports what it cost Postgres and this process, in CPU milliseconds.
 * Postgres is sampled while the work runs: a backend that exits with its client (pgbench's)
 * takes its counters with it.
 */
export async function measureCpu<T>(work: () => Promise<T>) {
  const start = ticksByPid("postgres");
  const last = new Map(start);
  const sample = () =>
    ticksByPid("postgres").forEach((ticks, pid) => {
      last.set(pid, ticks);
    });
  const timer = setInterval(sample, SAMPLE_MS);
  const ownBefore = process.cpuUsage();
  const result = await work();
  const own = process.cpuUsage(ownBefore);
  clearInterval(timer);
  sample();
  let ticks = 0;
  last.forEach((value, pid) => {
    ticks += value - (start.get(pid) ?? 0);
  });
  return { result, postgresMs: (ticks * 1000) / TICKS_PER_SECOND, ownMs: (own.user + own.system) / 1000 };
}
