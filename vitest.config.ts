import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** tsconfig.json's paths, for every project. */
const resolve = { alias: { "@domain": fileURLToPath(new URL("domain", import.meta.url)) } };
const shared = { globalSetup: ["tests/helpers/global-setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Three groups, one after the other. Unit, API and browser files run two at a time: each has its
 * own database, in-process app and Redis namespace (and a browser file its own Chromium), so two
 * share a 2-core machine well; a browser file spends much of its time waiting on the page. The
 * workers' fault tests (kill -9, restarts within a bound) run one file at a time, alone.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        resolve,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          ...shared,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          ...shared,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          ...shared,
          testTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
