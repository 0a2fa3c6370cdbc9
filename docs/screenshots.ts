/**
 * Phone screenshots for the README: `npm start` (or any running Frío), then
 * `FRIO_URL=http://localhost:3000 FRIO_USER=admin FRIO_PASSWORD=… npx tsx docs/screenshots.ts`.
 * Signs in as a person does, builds an order up to the products step, and shoots the wizard
 * and the wall screen at 390×844.
 */
import { chromium } from "playwright-core";

const base = process.env.FRIO_URL ?? "http://localhost:3000";
const out = new URL("./screenshots/", import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
});
const page = await browser.newPage({
  baseURL: base,
  locale: "es-AR",
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
});
await page.goto("/login");
await page.getByLabel("Usuario").fill(process.env.FRIO_USER ?? "admin");
await page.getByLabel("Contraseña").fill(process.env.FRIO_PASSWORD ?? "");
await page.getByRole("button", { name: "Ingresar" }).click();
await page.waitForURL((url) => url.pathname === "/");

await page.goto("/orders/new");
await page.getByRole("button").filter({ hasText: /\S/ }).first().waitFor();
const firstClient = page
  .locator("ul[aria-label='Clientes encontrados'] button, table[aria-label='Clientes encontrados'] tbody tr")
  .first();
await firstClient.click();
await page.getByTestId("cart-summary").waitFor();
for (const row of await page
  .locator("table[aria-label='Productos'] tbody tr")
  .all()
  .then((rows) => rows.slice(0, 3)))
  await row.click();
await page.getByText(/3 productos/).waitFor();
await page.screenshot({ path: `${out}wizard-phone.png` });
await page.getByRole("button", { name: "Ver pedido" }).click();
await page.getByRole("dialog").getByRole("button", { name: "Continuar" }).waitFor();
await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
await page.waitForFunction(() => document.querySelector("[role=dialog]")!.getBoundingClientRect().top <= 0);
await page.screenshot({ path: `${out}wizard-cart-phone.png` });

await page.goto("/admin/dispatch/wall");
await page.getByText("Cadete 1").waitFor();
await page.waitForLoadState("networkidle");
await page.screenshot({ path: `${out}wall-phone.png`, fullPage: true });
await browser.close();
