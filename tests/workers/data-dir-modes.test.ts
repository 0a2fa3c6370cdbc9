import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedEnv, OPERATOR, writeLedger } from "../helpers/embedded-server";
import { HttpApi } from "../helpers/http-api";
import { startServer, type ServerProcess } from "../helpers/server-process";

/** A first start initialises PGlite and seeds the demo data: minutes on a loaded machine. Never a measure. */
const PROCESS_TIMEOUT_MS = 300_000;

const dataDir = mkdtempSync(join(tmpdir(), "frio-modes-"));
let server: ServerProcess;

/** Every path under `dir` whose mode lets another account read, write or enter it. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

beforeAll(async () => {
  // What an earlier version left: a photo and its folder open to every local account.
  mkdirSync(join(dataDir, "uploads", "profile"), { recursive: true });
  writeFileSync(join(dataDir, "uploads", "profile", "antes.webp"), "x");
  chmodSync(join(dataDir, "uploads", "profile", "antes.webp"), 0o666);
  chmodSync(join(dataDir, "uploads", "profile"), 0o777);
  chmodSync(dataDir, 0o755);
  server = await startServer(embeddedEnv(dataDir));
}, PROCESS_TIMEOUT_MS);

afterAll(() => {
  server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** The resident memory of a process, in MB, as Linux counts it. */
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

describe("the embedded server on a new data directory", () => {
  it("holds at most 400 MB resident right after start (PGlite's memory settings)", () => {
    // Before any request: what a laptop pays for an idle Frío (850 MB at the peak, 480 after, with Postgres' server defaults).
    expect(residentMb(server.child.pid!)).toBeLessThanOrEqual(400);
  });

  it(
    "leaves the data directory its user's alone: after a start, an order and a profile photo, every file is 0600 (owner's bits only) and every folder 0700",
    async () => {
      await writeLedger(server.url);
      const api = await HttpApi.signIn(server.url, OPERATOR.username, OPERATOR.password);
      const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3b82f6" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("profile_image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "yo.png");
      const answer = await fetch(`${server.url}/api/update-profile-image/`, {
        method: "POST",
        headers: { authorization: `Bearer ${api.access}`, cookie: "csrftoken=t", "x-csrftoken": "t" },
        body: form,
      });
      expect(answer.status).toBe(200);
      await api.close();

      expect(readdirSync(join(dataDir, "uploads", "profile")).length).toBeGreaterThan(1);
      expect(lstatSync(join(dataDir, "frio.lock")).mode & 0o777).toBe(0o600);
      expect(lstatSync(join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
    },
    PROCESS_TIMEOUT_MS,
  );
});
