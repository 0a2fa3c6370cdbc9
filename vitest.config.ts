import { defineConfig } from "vitest/config";

const shared = { globalSetup: ["tests/helpers/global-setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      { test: { name: "api", include: ["tests/api/**/*.test.ts"], ...shared } },
      { test: { name: "workers", include: ["tests/workers/**/*.test.ts"], ...shared } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          ...shared,
          testTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
