import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { horizontalOverflow, seriousViolations, settled, VIEWPORTS, type ViewportName } from "../helpers/devices";
import { createUser } from "../helpers/factories";

const { redisUrl } = inject("services");
const skip = e2eSkipReason() || (redisUrl ? "" : "needs Redis (production mode, pg_dump)");
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E({ redis: true });
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`backups on /settings in Chromium ${skip}`, () => {
  it("an Admin downloads a fresh backup and then sees its time and size; a failed one is shown in red until the next works", async () => {
    const admin = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await loginThroughUi(page, admin.username, admin.password);
    await page.goto("/settings");
    const card = page.locator(".mantine-Card-root", {
      has: page.getByRole("heading", { name: "Copias de seguridad" }),
    });
    await card.getByText("Todavía no se hizo ninguna copia.").waitFor();
    await card.getByText("Sin copias programadas en el servidor (BACKUP_DIR no está configurado).").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Descargar copia" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^frio-\d{8}-\d{6}\.dump$/);
    await card
      .getByText(
        /^Última copia: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})? · [\d,]+ MB \(descargada desde esta pantalla\)$/,
      )
      .waitFor();

    // The server cannot find pg_dump: the download fails, and the failure stays on the card.
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await card.getByRole("button", { name: "Descargar copia" }).click();
      await page.getByText("No se pudo generar la copia de seguridad.").waitFor();
    } finally {
      process.env.PATH = path;
    }
    await card.getByRole("alert").filter({ hasText: "La última copia falló" }).waitFor();
    await card.getByText(/pg_dump is not installed/).waitFor();

    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await card.scrollIntoViewIfNeeded();
      await settled(page);
      expect(await horizontalOverflow(page), viewport).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), viewport).toEqual([]);
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/settings-backups-${viewport}.png` });
    }

    await card.getByRole("button", { name: "Descargar copia" }).click();
    await card.getByRole("alert").filter({ hasText: "La última copia falló" }).waitFor({ state: "detached" });
  });

  it("a Vendedor sees no backup card", async () => {
    const seller = await createUser(e2e.t, "Vendedor");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, seller.username, seller.password);
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Foto de perfil" }).waitFor();
    expect(await page.getByRole("heading", { name: "Copias de seguridad" }).count()).toBe(0);
  });
});
