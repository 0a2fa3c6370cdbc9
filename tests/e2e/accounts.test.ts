import { sql } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import { rowsOf } from "../../server/db/rows";
import { settle } from "../../server/features/accounts/ledger";
import { appendMovement, lockAccount } from "../../server/features/accounts/repository";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { axeViolations, horizontalOverflow, preloadAxe, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let admin: ApiClient;
let adminId = 0;
let sellerContext: BrowserContext;
let seller: Page;
let office: Page;
const today = todayInBuenosAires();
const ids = { limited: 0, old: 0, recent: 0 };
const LIMITED = "Almacén Con Límite";
const OLD = "Bar Deuda Vieja";
const RECENT = "Kiosco Deuda Nueva";
const PRODUCT = "Helado de cuenta";

/** Debts as deliveries on past days left them: a debit on `daysAgo`, through the ledger's own writes. */
async function owes(clientId: number, debts: [daysAgo: number, amount: string][]) {
  await e2e.t.runtime.database.db.transaction(async (tx) => {
    await lockAccount(tx, clientId);
    for (const [daysAgo, amount] of debts)
      await appendMovement(tx, {
        clientId,
        date: addDays(today, -daysAgo),
        kind: "pedido",
        amount,
        createdBy: adminId,
      });
    await settle(tx, clientId);
  });
}

/** axe's serious and moderate findings, and what runs off the side, at each width. */
async function checkWidths(page: Page, name: string, widths = Object.values(VIEWPORTS)) {
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await settled(page);
    expect(await horizontalOverflow(page), `${name} ${viewport.width}`).toBe(0);
    expect(await axeViolations(page, ["critical", "serious", "moderate"]), `${name} ${viewport.width}`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

/** What a person reads: es-AR money carries a no-break space after "$". */
const textOf = async (l: Locator) => (await l.innerText()).replace(/\u00a0/g, " ");

const entry = (p: Page, name: RegExp | string) =>
  p.getByRole("button", { name }).or(p.getByRole("row", { name })).first();

/** The wizard from the client search to 'Confirmar pedido', with `kilos` kg of the product. */
async function fillOrder(p: Page, client: string, clientId: number, kilos: string) {
  await p.goto("/orders/new");
  await p.getByLabel("Buscar cliente").fill(client);
  await entry(p, new RegExp(client)).click();
  await p.waitForURL(`**/orders/${clientId}/products`);
  await entry(p, new RegExp(PRODUCT)).click();
  // A phone opens the cart in a drawer; a desktop lists it beside the products.
  const beside = (p.viewportSize()?.width ?? 0) >= VIEWPORTS.desktop.width;
  if (!beside) await p.getByRole("button", { name: "Ver pedido" }).click();
  const cart = beside ? p.locator("body") : p.getByRole("dialog", { name: "Pedido" });
  await cart.getByLabel(`Cantidad de ${PRODUCT}`).fill(kilos);
  await cart.getByRole("button", { name: "Continuar" }).click();
  await p.waitForURL(`**/orders/${clientId}/delivery`);
  await p.getByRole("combobox", { name: "Horario" }).click();
  await p.getByRole("option", { name: "Mañana" }).click();
  await p.getByRole("button", { name: "Continuar" }).click();
  await p.waitForURL(`**/orders/${clientId}/confirm`);
  await expect.poll(() => p.getByRole("combobox", { name: "Forma de pago" }).inputValue()).toBe("Efectivo");
}

const ordersOf = async (clientId: number) =>
  rowsOf<{ id: number }>(
    await e2e.t.runtime.database.db.execute(sql`select id from orders where client_id = ${clientId} order by id`),
  );
const paymentsOf = async (clientId: number) =>
  rowsOf<{ id: number }>(
    await e2e.t.runtime.database.db.execute(
      sql`select id from account_movements where client_id = ${clientId} and kind = 'pago'`,
    ),
  );

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  const signed = await signIn(e2e.t, "Admin");
  admin = signed.client;
  adminId = signed.id;
  await createProduct(admin, { name: PRODUCT, quantity: 10000, price: 1000 });
  // Email and birthday too: the edit dialog asks for every field before it saves.
  ids.limited = (
    await createClient(admin, {
      name: LIMITED,
      credit_limit: 5000,
      email: "almacen@example.com",
      birthday: "1980-05-10",
      latitude: -34.7,
      longitude: -58.26,
    })
  ).id;
  ids.old = (await createClient(admin, { name: OLD })).id;
  ids.recent = (await createClient(admin, { name: RECENT })).id;
  await owes(ids.limited, [[10, "3000.00"]]);
  await owes(ids.old, [
    [75, "4000.00"],
    [45, "2500.00"],
    [5, "1000.00"],
  ]);
  await owes(ids.recent, [[2, "800.00"]]);

  const sellerUser = await createUser(e2e.t, "Vendedor");
  sellerContext = await e2e.newContext({ viewport: VIEWPORTS.phone });
  await preloadAxe(sellerContext);
  seller = await sellerContext.newPage();
  await loginThroughUi(seller, sellerUser.username, sellerUser.password);

  const officeUser = await createUser(e2e.t, "Admin");
  const officeContext = await e2e.newContext({ viewport: VIEWPORTS.desktop });
  await preloadAxe(officeContext);
  office = await officeContext.newPage();
  await loginThroughUi(office, officeUser.username, officeUser.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`client accounts and the credit limit in the browser ${skip}`, () => {
  const refusal = ACCOUNT_MESSAGES.overCredit("2.000,00");

  it("the seller at 390 sees 'Saldo · Disponible' and is stopped by the limit, the cart kept", async () => {
    await fillOrder(seller, LIMITED, ids.limited, "3");
    await seller.getByRole("button", { name: "Confirmar pedido" }).click();
    const alert = seller.getByRole("alert").filter({ hasText: refusal });
    await alert.waitFor();
    // A seller cannot pass the limit: the refusal offers nothing to force it.
    expect(await alert.getByRole("button", { name: "Tomar el pedido igual" }).count()).toBe(0);
    // Nothing was lost: the order's line is still there, and the button to confirm it.
    await seller.getByRole("table", { name: "Productos del pedido" }).getByText(PRODUCT).waitFor();
    expect(await ordersOf(ids.limited)).toEqual([]);
    await checkWidths(seller, "cuenta-limite-vendedor", [VIEWPORTS.phone]);

    await seller.goto(`/orders/${ids.limited}/products`);
    await expect
      .poll(() => textOf(seller.getByTestId("client-credit")))
      .toBe("Saldo $ 3.000,00 · Disponible $ 2.000,00");
    await checkWidths(seller, "cuenta-barra-vendedor", [VIEWPORTS.phone]);
    // A client without a limit shows its balance alone.
    await seller.goto(`/orders/${ids.recent}/products`);
    await expect.poll(() => textOf(seller.getByTestId("client-credit"))).toBe("Saldo $ 800,00");
  });

  it("an order kept offline and refused by the limit lands in 'Pendientes' as 'Revisar' with the reason", async () => {
    await fillOrder(seller, LIMITED, ids.limited, "3");
    await sellerContext.setOffline(true);
    await seller.getByRole("button", { name: "Confirmar pedido" }).click();
    await seller.waitForURL("**/orders/new");
    await sellerContext.setOffline(false);
    await seller.getByRole("link", { name: /^Pendientes \(\d+\)$/ }).click();
    await seller.waitForURL("**/orders/pending");
    const card = seller.getByRole("article", { name: `Pedido de ${LIMITED}` }).filter({ hasText: "Revisar" });
    await card.getByText(refusal).waitFor();
    expect(await ordersOf(ids.limited)).toEqual([]);
    await checkWidths(seller, "cuenta-pendiente-revisar", [VIEWPORTS.phone]);
  });

  it("an Admin is told of the limit and takes the order on purpose after confirming", async () => {
    await fillOrder(office, LIMITED, ids.limited, "3");
    await office.getByRole("button", { name: "Confirmar pedido" }).click();
    const alert = office.getByRole("alert").filter({ hasText: refusal });
    await alert.getByRole("button", { name: "Tomar el pedido igual" }).click();
    const dialog = office.getByRole("dialog", { name: "Pedido sobre el límite de crédito" });
    await dialog.getByRole("button", { name: "Tomar el pedido igual" }).click();
    await office
      .getByRole("status")
      .filter({ hasText: /Pedido #\d+ confirmado/ })
      .waitFor();
    expect(await ordersOf(ids.limited)).toHaveLength(1);
  });

  it("/cuentas lists who owes, oldest debt first, with aging, at 390, 768 and 1440", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto("/");
    // The home's total is what the three clients owe.
    await expect.poll(() => textOf(office.getByTestId("home-total-owed"))).toBe("$ 11.300,00");
    await office.goto("/cuentas");
    const table = office.getByRole("table", { name: "Clientes con saldo" });
    await table.getByText(OLD).waitFor();
    const names = await table.locator("tbody tr td:first-child").allInnerTexts();
    expect(names).toEqual([OLD, LIMITED, RECENT]);
    expect(await table.getByRole("row", { name: new RegExp(OLD) }).innerText()).toMatch(
      /Bar Deuda Vieja\s+\$\s7\.500,00\s+\S+\s+\$\s1\.000,00\s+\$\s2\.500,00\s+\$\s4\.000,00/,
    );
    await checkWidths(office, "cuentas");
    // At 390 each client is a card, still in the same order.
    await office.setViewportSize(VIEWPORTS.phone);
    const list = office.getByRole("list", { name: "Clientes con saldo" });
    await list.waitFor();
    const cards = list.getByRole("link");
    expect(await cards.allInnerTexts()).toEqual([OLD, LIMITED, RECENT]);
    await office.setViewportSize(VIEWPORTS.desktop);
  });

  it("the office at 1440 records a payment once on a double tap, voids it, shares the balance and prints a statement", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto("/cuentas");
    await office.getByRole("link", { name: OLD }).click();
    await office.waitForURL(`**/cuentas/${ids.old}`);
    const balance = office.getByTestId("account-balance");
    await expect.poll(() => textOf(balance)).toBe("$ 7.500,00");
    const form = office.getByRole("form", { name: "Registrar pago" });
    await form.getByLabel("Importe").fill("1.500,50");
    await form.getByRole("combobox", { name: "Forma de pago" }).click();
    await office.getByRole("option", { name: "Transferencia" }).click();
    await form.getByLabel("Nota").fill("Transferencia del viernes");
    await form.getByRole("button", { name: "Registrar pago" }).dblclick();
    await expect.poll(() => textOf(balance)).toBe("$ 5.999,50");
    expect(await paymentsOf(ids.old)).toHaveLength(1);
    const movements = office.getByRole("table", { name: "Movimientos" });
    expect(await movements.locator("tbody tr").first().innerText()).toMatch(
      /Pago · Transferencia\s+Anular pago\s+Transferencia del viernes.*\s+-\$\s1\.500,50\s+\$\s5\.999,50/,
    );
    const share = office.getByRole("link", { name: "Compartir por WhatsApp" });
    expect(decodeURIComponent((await share.getAttribute("href")) ?? "").replace(/\u00a0/g, " ")).toContain(
      `Hola ${OLD}, al ${today.split("-").reverse().join("/")} el saldo de su cuenta es $ 5.999,50`,
    );
    await checkWidths(office, "cuenta-cliente", [VIEWPORTS.phone, VIEWPORTS.desktop]);

    await office.setViewportSize(VIEWPORTS.desktop);
    await movements.getByRole("button", { name: "Anular pago" }).click();
    await office.getByRole("dialog").getByRole("button", { name: "Anular pago" }).click();
    await expect.poll(() => textOf(balance)).toBe("$ 7.500,00");
    await movements.getByText("Pago · Transferencia (anulado)").waitFor();
    await form.getByLabel("Importe").fill("500");
    await form.getByRole("combobox", { name: "Forma de pago" }).click();
    await office.getByRole("option", { name: "Efectivo" }).click();
    await form.getByRole("button", { name: "Registrar pago" }).click();
    await expect.poll(() => textOf(balance)).toBe("$ 7.000,00");

    await office.getByRole("link", { name: "Imprimir estado de cuenta" }).click();
    await office.waitForURL(`**/imprimir/cuenta/${ids.old}`);
    const doc = office.getByTestId("print-doc");
    await doc.getByRole("heading", { name: "Estado de cuenta" }).waitFor();
    expect(await textOf(doc.getByTestId("statement-balance"))).toBe("$ 7.000,00");
    // Three debts, two payments and a void.
    expect(await doc.getByRole("table", { name: "Movimientos" }).locator("tbody tr").count()).toBe(6);
    await checkWidths(office, "estado-de-cuenta-a4");
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.getByRole("radiogroup", { name: "Papel" }).getByText("80 mm").click();
    await office.locator('[data-testid="print-doc"][data-paper="80mm"]').waitFor();
    expect(await doc.getByTestId("statement-line").count()).toBe(6);
    await office.emulateMedia({ media: "print" });
    expect(await office.getByTestId("print-toolbar").isVisible()).toBe(false);
    if (SHOTS) await office.screenshot({ path: `${SHOTS}/estado-de-cuenta-80mm-print.png`, fullPage: true });
    await office.emulateMedia({ media: "screen" });
  });

  it("an Admin sets the credit limit in the client form; a seller sees it and cannot change it", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto("/clients");
    await office.getByRole("row", { name: new RegExp(LIMITED) }).click();
    await office.getByRole("button", { name: "Modificar Cliente" }).click();
    const dialog = office.getByRole("dialog", { name: "Modificar Cliente" });
    const limit = dialog.getByLabel("Límite de crédito");
    await expect.poll(() => limit.inputValue()).toMatch(/^5\.?000(,00)?$/);
    await limit.fill("8.000");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await admin.get(`/api/get_client/${ids.limited}/`)).json().credit_limit).toBe("8000.00");
    // The account reads the new limit: 8.000 − 3.000 owed − 4.500 taken on purpose above.
    await office.goto(`/cuentas/${ids.limited}`);
    await expect.poll(() => textOf(office.getByTestId("account-balance"))).toBe("$ 3.000,00");
    await office.getByText("$ 500,00").first().waitFor();

    await seller.goto("/clients");
    await seller
      .getByRole("button", { name: new RegExp(LIMITED) })
      .or(seller.getByRole("row", { name: new RegExp(LIMITED) }))
      .first()
      .click();
    await seller.getByRole("button", { name: "Modificar Cliente" }).click();
    const sellerLimit = seller.getByRole("dialog", { name: "Modificar Cliente" }).getByLabel("Límite de crédito");
    await expect.poll(() => sellerLimit.inputValue()).toMatch(/^8\.?000(,00)?$/);
    expect(await sellerLimit.isDisabled()).toBe(true);
    await seller.getByText(ACCOUNT_MESSAGES.creditLimitAdminOnly).waitFor();
  });

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
