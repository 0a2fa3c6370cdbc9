/**
 * Lighthouse (mobile preset: a mid-range phone, 4× CPU slowdown, simulated slow 4G) on
 * /login and on / after signing in, driving Debian's Chromium; the baseline is a bare HTML
 * page served by Fastify on the same machine in the same run: the score this machine and
 * preset give a page with nothing to load.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import Fastify from "fastify";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { PROCESSORS } from "../workers/registry";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

interface Figures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Script bytes on the wire (compressed), and uncompressed. */
  jsTransferKb: number;
  jsResourceKb: number;
}

async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  // Storage is kept (the session lives in localStorage); the cache is cleared before each run.
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: true,
  });
  const lhr = result!.lhr;
  // A trace Lighthouse could not read (NO_NAVSTART on a loaded machine) says nothing of the page.
  if (lhr.runtimeError && attempt < 3) return audit(url, port, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = (
    lhr.audits["network-requests"]!.details as {
      items: { resourceType?: string; transferSize?: number; resourceSize?: number }[];
    }
  ).items;
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"]!.numericValue!),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]!.numericValue!),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]!.numericValue!),
    jsTransferKb: Math.round(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024),
    jsResourceKb: Math.round(scripts.reduce((s, r) => s + (r.resourceSize ?? 0), 0) / 1024),
  };
}

const line = (name: string, f: Figures) =>
  `${name.padEnd(22)} performance ${String(f.performance).padStart(3)} · FCP ${(f.fcpMs / 1000).toFixed(1)} s · LCP ${(f.lcpMs / 1000).toFixed(1)} s · TBT ${f.tbtMs} ms · JS ${f.jsTransferKb} KB compressed (${f.jsResourceKb} KB)`;

export async function run() {
  if (!existsSync(new URL("../web/dist/index.html", import.meta.url)))
    execFileSync("npm", ["run", "build:web", "--silent"], { stdio: "inherit" });
  // Named per process: two engineers benchmarking at once must not drop each other's database.
  const databaseName = `frio_bench_web_${process.pid}`;
  const { database } = await freshBenchDatabase(databaseName);
  const dataDir = mkdtempSync(join(tmpdir(), "frio-bench-web-"));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "w".repeat(40), LOG_LEVEL: "silent" });
  const runtime = await createRuntime(config, PROCESSORS, { database });
  const app = await buildApp({ ...runtime, logger: false });
  const username = `web${Date.now()}`;
  await insertUser(database.db, {
    username,
    email: "",
    passwordHash: await hashPassword("bench-password"),
    groupId: 2,
    firstName: "Lucía",
    lastName: "Banco",
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });

  const bare = Fastify();
  bare.get("/", (_, reply) =>
    reply.type("text/html").send('<!doctype html><html lang="es"><title>Frío</title><h1>Frío</h1></html>'),
  );
  const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });

  const userDataDir = mkdtempSync(join(tmpdir(), "frio-bench-chromium-"));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
    const cdp = await page.context().newCDPSession(page);
    const cold = () => cdp.send("Network.clearBrowserCache");

    await cold();
    const baseline = await audit(`${bareBase}/`, chrome.port);
    await cold();
    const login = await audit(`${base}/login`, chrome.port);

    await page.goto(`${base}/login`);
    await page.getByLabel("Usuario").fill(username);
    await page.getByLabel("Contraseña").fill("bench-password");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await cold();
    const home = await audit(`${base}/`, chrome.port);

    console.log(line("bare HTML page", baseline));
    console.log(line("/login", login));
    console.log(line("/ (signed in)", home));
    console.log(
      `ratio (performance /login, / vs baseline): ${(login.performance / baseline.performance).toFixed(2)}, ${(home.performance / baseline.performance).toFixed(2)}`,
    );
  } finally {
    await browser.close().catch(() => {});
    chrome.kill();
    await bare.close();
    await app.close();
    await runtime.close();
    await dropBenchDatabase(databaseName);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
