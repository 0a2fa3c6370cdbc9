/**
 * Processes as an operator runs them: the compiled server (`npm start` or `node
 * dist/server/main.js`) and a bare Fastify route, each in a process of its own with plain
 * node, so the two sides of a ratio pay the same process, loader and socket costs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { openSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ensureBuilt, ROOT } from "../scripts/build.mjs";

/** The bare route's process: Fastify answering a constant on GET /me. */
export const BARE_ROUTE = join(ROOT, "bench", "bare-route.mjs");
export const COMPILED_SERVER = join(ROOT, "dist", "server", "main.js");

/** Builds what `npm start` would build, so no timed start builds anything. */
export const buildOnce = () => ensureBuilt(["web", "server"], { log: () => {} });

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Clock ticks per second of /proc's CPU times (Linux: 100). */
const TICKS = 100;

/** CPU milliseconds (user + system) the live processes of a process group have used so far. */
export function groupCpuMs(group: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state, ppid, pgrp, …; utime and stime are the 12th and 13th.
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while the list was read.
    }
  }
  return (ticks * 1000) / TICKS;
}

export interface Started {
  child: ChildProcess;
  base: string;
  /** CPU milliseconds the process group has used so far. */
  cpuMs(): number;
  /** Sends SIGTERM to the process group and resolves once every process of it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `command` in a process group of its own (npm start's shell and node die together),
 * its output thrown away as a service manager's journal would take it, on a free port.
 */
export async function startProcess(command: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const devNull = openSync("/dev/null", "w");
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", devNull, "inherit"],
  });
  const group = -child.pid!;
  const groupAlive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    cpuMs: () => groupCpuMs(child.pid!),
    async stop() {
      if (groupAlive()) process.kill(group, "SIGTERM");
      // npm exits at once on the signal; the server it started drains, then releases the data dir.
      for (const started = performance.now(); groupAlive(); ) {
        if (performance.now() - started > 30_000)
          throw new Error(`${command.join(" ")} still running 30 s after SIGTERM`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Milliseconds until `url` answers 200, polled every 20 ms. */
export async function untilHealthy(url: string, started: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
