import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, startE2E, type E2E } from "../helpers/browser";
import { horizontalOverflow, seriousViolations, VIEWPORTS, type ViewportName } from "../helpers/devices";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`the API reference in Chromium ${skip}`, () => {
  it("lists every operation with its summary, and opens one to show its error responses", async () => {
    const page = await (await e2e.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await page.goto("/api/docs");
    await page.getByText("Frío API").first().waitFor();
    const operations = page.locator(".opblock");
    await operations.first().waitFor();
    expect(await operations.count()).toBeGreaterThan(80);
    const order = page.locator(".opblock", { hasText: "Take or modify an order (idempotent by Idempotency-Key" });
    await order.locator(".opblock-summary").click();
    await order.locator(".responses-table").getByText("503", { exact: true }).waitFor();
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      expect(await horizontalOverflow(page), viewport).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-docs-${viewport}.png` });
    }
    // Swagger UI's own markup nests the copy button in the operation's toggle and lets example
    // blocks scroll without focus (upstream swagger-api/swagger-ui); every other finding counts.
    const upstream = /^serious (nested-interactive|scrollable-region-focusable):/;
    expect((await seriousViolations(page)).filter((finding) => !upstream.test(finding))).toEqual([]);
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
