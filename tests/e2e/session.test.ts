import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const session = (page: import("playwright-core").Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("frio-session") ?? "{}").state as {
        access: string | null;
        refresh: string | null;
      },
  );

describe.skipIf(!!skip)(`session and profile photo in Chromium ${skip}`, () => {
  it("refreshes an expired access token once and carries on; a dead refresh token ends at /login", async () => {
    const user = await createUser(e2e.t, "Vendedor");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, user.username, user.password);
    const before = await session(page);
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem("frio-session")!);
      stored.state.access = "vencido";
      localStorage.setItem("frio-session", JSON.stringify(stored));
    });
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Configuración" }).waitFor();
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem("frio-session") ?? "{}").state?.access !== "vencido",
    );
    const after = await session(page);
    expect(after.access).not.toBe("vencido");
    expect(after.refresh).not.toBe(before.refresh);

    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem("frio-session")!);
      stored.state = { ...stored.state, access: "vencido", refresh: "tambien-vencido", user: null };
      localStorage.setItem("frio-session", JSON.stringify(stored));
    });
    await page.goto("/settings");
    await page.waitForURL("**/login");
  });

  it("asks for a file, then uploads a photo that shows in the side menu", async () => {
    const user = await createUser(e2e.t, "Preparador");
    const page = await (await e2e.newContext()).newPage();
    await loginThroughUi(page, user.username, user.password);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Actualizar foto" }).click();
    await page.getByText("Seleccione una imagen de perfil.").waitFor();
    const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00aaff" } })
      .png()
      .toBuffer();
    await page.locator("input[type=file]").setInputFiles({ name: "yo.png", mimeType: "image/png", buffer });
    await page.getByRole("button", { name: "Actualizar foto" }).click();
    await page.getByText("Foto de perfil actualizada.").waitFor();
    const avatar = page
      .getByRole("navigation", { name: "Menú principal" })
      .locator("xpath=..")
      .getByRole("img", { name: "Foto de perfil" });
    await page.waitForFunction(() =>
      [...document.querySelectorAll("img[alt='Foto de perfil']")].some((img) =>
        (img as HTMLImageElement).src.includes("/api/media/profile/"),
      ),
    );
    expect(await avatar.count()).toBeGreaterThan(0);
  });
});
