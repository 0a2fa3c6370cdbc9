import { fork, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt, ROOT } from "../../scripts/build.mjs";
import { TEST_JWT_SECRET } from "./app";
import { freePort } from "./redis-server";

const SERVER_MAIN = fileURLToPath(new URL("../../server/main.ts", import.meta.url));

/** The production API process (`npm start` without the web build) on a test database; resolves once it listens. */
export async function spawnServer(options: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = fork(SERVER_MAIN, [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), "frio-server-")),
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      MAP_STYLE_URL: "off",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("escuchando") && resolve());
    void exited.then((code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port, exited };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves to the exit code once the process ended. */
  exited: Promise<number | null>;
}

/** The compiled entry, built as `npm start` builds it (only when its sources changed). */
export async function compiledEntry(name: "server" | "workers"): Promise<string> {
  await ensureBuilt(["server"], { log: () => {} });
  return join(ROOT, "dist", name, "main.js");
}

/** A compiled entry run by plain node, as `npm start` runs it: no TypeScript loader. */
export function runCompiled(file: string, env: Record<string, string>, args: string[] = []) {
  const child = fork(file, args, {
    execArgv: [],
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const collect = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const SERVER_ENV = {
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  MAP_STYLE_URL: "off",
  GEOCODER_URL: "off",
};

/** Resolves with the address the started server listens on, once it says so. */
function listeningUrl(started: Omit<ServerProcess, "url">) {
  return new Promise<string>((resolve, reject) => {
    const listening = () => {
      const port = /escuchando en http:\/\/localhost:(\d+)/.exec(started.output())?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    started.child.stdout!.on("data", listening);
    void started.exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening:\n${started.output()}`)),
    );
  });
}

/** Starts the compiled server on a free port; resolves once it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const started = runCompiled(await compiledEntry("server"), { ...SERVER_ENV, ...env });
  return { ...started, url: await listeningUrl(started) };
}

/** Field 3 of /proc/<pid>/stat: R, S, D, Z (a zombie)…, or null once the process is gone. */
export function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The compiled server started by a parent that never reaps it (a shell that went on to
 * other work): killed, it stays a zombie until that parent ends. `child` is the parent;
 * killing it lets init reap the server.
 */
export async function startUnreaped(env: Record<string, string>): Promise<ServerProcess & { pid: number }> {
  const entry = await compiledEntry("server");
  const child = spawn("sh", ["-c", '"$0" "$1" & echo "server pid $!"; exec sleep 600', process.execPath, entry], {
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const pidOf = () => Number(/server pid (\d+)/.exec(output)?.[1] ?? 0);
  // The parent outlives the server: the server's own end is read from /proc.
  const exited = new Promise<number | null>((resolve) => {
    const poll = setInterval(() => {
      const pid = pidOf();
      if (pid && [null, "Z", "X"].includes(processState(pid))) {
        clearInterval(poll);
        resolve(null);
      }
    }, 50);
  });
  const url = await listeningUrl({ child, output: () => output, exited }).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return { child, output: () => output, exited, url, pid: pidOf() };
}
