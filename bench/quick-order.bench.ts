/**
 * Issue 32 item 8: a 5-line order on the seller's phone (390 px) at a trained pace — 0.7 s a tap,
 * 4 characters a second — against the 45 s target. The paths are driven in Chromium by
 * tests/e2e/quick-order.test.ts, whose page counts every tap, typed field and character
 * (tests/helpers/effort.ts); this runs it and turns the counts into time.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Effort, trainedSeconds } from "../tests/helpers/effort";

const TARGET_SECONDS = 45;
const PATHS: Record<string, { name: string; maxTaps: number | null }> = {
  tapByTap: { name: "tap by tap (rows, cart drawer, type selects)", maxTaps: null },
  fromScratch: { name: "fastest from scratch (Enter, line under the search)", maxTaps: 20 },
  repeat: { name: "'Repetir último pedido'", maxTaps: 10 },
};

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), "frio-quick-order-"));
  const report = join(dir, "effort.json");
  try {
    execFileSync("npm", ["run", "build:web", "--silent"], { stdio: "inherit" });
    const started = Date.now();
    execFileSync("npx", ["vitest", "run", "tests/e2e/quick-order.test.ts", "-t", "counted"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, QUICK_ORDER_REPORT: report, REQUIRE_SERVICES: "1" },
    });
    const efforts = JSON.parse(readFileSync(report, "utf8")) as Record<string, Effort>;
    console.log(
      `Chromium drove the three paths in ${((Date.now() - started) / 1000).toFixed(0)} s (app start included)`,
    );
    for (const [key, { name, maxTaps }] of Object.entries(PATHS)) {
      const effort = efforts[key];
      if (!effort) throw new Error(`no count for the path ${key}`);
      const seconds = trainedSeconds(effort);
      const taps = maxTaps === null ? `${effort.taps} taps` : `${effort.taps} taps (target ≤ ${maxTaps})`;
      console.log(
        `${name.padEnd(52)} ${taps} · ${effort.typedFields} typed fields · ${effort.characters} characters · ` +
          `${seconds.toFixed(1)} s at a trained pace (target ${TARGET_SECONDS} s: ${seconds <= TARGET_SECONDS ? "met" : "not met"})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
