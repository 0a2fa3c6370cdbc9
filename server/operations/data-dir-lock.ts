import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCK_FILE = "frio.lock";
/** Held only for the milliseconds a stale lock is replaced; older than this, its taker died. */
const TAKEOVER_STALE_MS = 10_000;
const TAKEOVER_RETRY_MS = 50;

interface Holder {
  pid: number;
  /** The process's start time (Linux, /proc): a pid reused by another process is not the holder. */
  started: string | null;
  token: string;
}

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `El directorio de datos ${dataDir} ya está en uso por otro proceso de Frío (pid ${pid}). Detenelo antes de iniciar otro.\n` +
        `The data directory ${dataDir} is already in use by another Frío process (pid ${pid}). Stop it before starting another.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** A process as Linux lists it in /proc/<pid>/stat, or null where there is no such file. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields 3 (state) and 22 (start time), counted after the parenthesised name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", started: fields[19] ?? "" };
  } catch {
    return null;
  }
}

const startTimeOf = (pid: number) => procStat(pid)?.started || null;

/**
 * A holder killed -9 stays a zombie (Z) until its parent reaps it, which a shell or a
 * service manager may take seconds to do: it has released everything, it is not running.
 */
const DEAD_STATES = new Set(["Z", "X", "x"]);

function running(holder: Holder): boolean {
  // Our own pid in the file: a restart that got the same pid (pid 1 in a container) over a lock left behind.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(holder.pid);
  if (stat && DEAD_STATES.has(stat.state)) return false;
  return !holder.started || !stat?.started || stat.started === holder.started;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

const failsWith = (code: string, work: () => void) => {
  try {
    work();
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === code) return true;
    throw error;
  }
};

/**
 * Replaces a lock whose holder is gone, one taker at a time: two processes finding the same
 * stale lock must not both believe they replaced it. Returns false when another process got
 * there first (the caller looks again).
 */
function takeOver(file: string, stale: Holder | null, draft: string): boolean {
  const takeover = `${file}.takeover`;
  if (failsWith("EEXIST", () => writeFileSync(takeover, String(process.pid), { flag: "wx" }))) {
    const since = statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - since > TAKEOVER_STALE_MS) rmSync(takeover, { force: true });
    return false;
  }
  try {
    if (readHolder(file)?.token !== stale?.token) return false;
    // A copy of the draft: renaming it in place replaces the stale lock in one step.
    const copy = `${draft}.next`;
    rmSync(copy, { force: true });
    linkSync(draft, copy);
    renameSync(copy, file);
    return true;
  } finally {
    rmSync(takeover, { force: true });
  }
}

/**
 * One process per embedded data directory: PGlite has no lock of its own, and two processes
 * writing one data directory corrupt it. The lock file names its holder; a holder that is no
 * longer running (killed, or the machine restarted) is replaced. Throws `DataDirLocked`.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, started: startTimeOf(process.pid), token: randomUUID() };
  // Written aside and linked into place, so the lock never exists without its holder in it.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(mine));
  try {
    await acquire(dataDir, file, draft);
  } finally {
    rmSync(draft, { force: true });
  }
  const release = () => {
    process.off("exit", release);
    if (readHolder(file)?.token === mine.token) failsWith("ENOENT", () => unlinkSync(file));
  };
  // Released however the process ends, short of a kill -9 (which the next start takes over).
  process.on("exit", release);
  return { release };
}

async function acquire(dataDir: string, file: string, draft: string) {
  for (;;) {
    if (!failsWith("EEXIST", () => linkSync(draft, file))) return;
    const holder = readHolder(file);
    if (holder && running(holder)) throw new DataDirLocked(dataDir, holder.pid);
    if (takeOver(file, holder, draft)) return;
    await new Promise((resolve) => setTimeout(resolve, TAKEOVER_RETRY_MS));
  }
}
