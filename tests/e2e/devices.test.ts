import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import {
  dialogProblems,
  preloadAxe,
  seriousViolations,
  VIEWPORTS,
  watchRequests,
  type ViewportName,
} from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";

const skip = e2eSkipReason();
let e2e: E2E;
let admin: ApiClient;
let clientId = 0;
const signedIn = new Map<ViewportName, Page>();
const WIDTHS = Object.keys(VIEWPORTS) as ViewportName[];

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  admin = (await signIn(e2e.t, "Admin")).client;
  const product = await createProduct(admin, { name: "Producto Pantallas Empanadas de carne", quantity: 500 });
  const un = await createProduct(admin, { name: "Producto Pantallas Pizza", quantity: 500, isWeighted: false });
  clientId = (
    await createClient(admin, {
      name: "Cliente Pantallas Almacén Don José",
      address: "Avenida Hipólito Yrigoyen 12345, Quilmes Oeste",
    })
  ).id;
  // The boards open on today in Buenos Aires, and this file runs for minutes: a run that
  // crosses midnight opens them on the next day, so the orders are on both days.
  const today = todayInBuenosAires();
  for (const date of [today, addDays(today, 1)]) {
    await confirmOrder(admin, { date }, { kg: product.PK_Products, un: un.PK_Products });
    const armado = await confirmOrder(admin, { date }, { kg: product.PK_Products, un: un.PK_Products });
    const prepared = await admin.post("/api/orders/prepared/", { order_id: armado });
    if (prepared.statusCode !== 200) throw new Error(`prepared: ${prepared.body}`);
    // The orders list and the preparation board show this client's name too.
    await admin.post("/api/order/", {
      orderData: {
        zone: 1,
        address: "Mitre 500",
        city: { id: 2, text: "Quilmes" },
        delivery_method: "Entrega a domicilio",
        time: { id: 2, text: "Mañana" },
        date,
        delivery_cost: 0,
        latitude: -34.72,
        longitude: -58.25,
        payment_method: { id: 1, name: "Efectivo" },
        notes: "",
        total_price: 1,
      },
      cart: {
        items: [{ productId: product.PK_Products, units: "2.25", type: "KG", virtual_freezer: false }],
        meta: { total: 1, weight: 1, distinct: 1 },
      },
      client_name: "Cliente Pantallas",
      client_id: clientId,
      order_id: null,
      old_cart: [],
    });
  }
  const user = await createUser(e2e.t, "Admin");
  // axe-core rides along in every document these pages open (see preloadAxe); all six open side by side.
  const open = async (viewport: ViewportName) => {
    const context = await e2e.newContext();
    await preloadAxe(context);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS[viewport]);
    return page;
  };
  await Promise.all(
    WIDTHS.map((viewport) =>
      open(viewport).then(async (page) => {
        await loginThroughUi(page, user.username, user.password);
        signedIn.set(viewport, page);
      }),
    ),
  );
});
afterAll(async () => {
  await e2e?.close();
});

async function visit(page: Page, route: { path: string; ready: string }) {
  const requests = watchRequests(page);
  try {
    await page.goto(route.path);
    await page.getByText(route.ready, { exact: false }).first().waitFor();
    await requests.quiet();
  } finally {
    requests.stop();
  }
  // What arrived may still be rendering when the network falls silent (the home page compiles its chart's
  // chunk): the checks look at the screen once its loaders are gone, not at whichever frame is current.
  await page.locator(".mantine-Loader-root").first().waitFor({ state: "detached" });
}

/** The problems found at each width, checked side by side: one page per width, each its own browser context. */
async function atEveryWidth(check: (page: Page, viewport: ViewportName) => Promise<string[]>) {
  const found = await Promise.all(
    WIDTHS.map(async (viewport) => (await check(signedIn.get(viewport)!, viewport)).map((p) => `${viewport}: ${p}`)),
  );
  return found.flat();
}

async function dialogsProblems(page: Page) {
  const problems: string[] = [];
  const check = async (name: string) => {
    problems.push(...(await dialogProblems(page)).map((p) => `${name}: ${p}`));
    problems.push(...(await seriousViolations(page)).map((p) => `${name}: ${p}`));
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  };
  const openRow = (name: RegExp) =>
    page.getByRole("button", { name }).or(page.getByRole("row", { name })).first().click();
  await visit(page, { path: "/clients", ready: "Cliente Pantallas" });
  await openRow(/Cliente Pantallas/);
  await check("client options");
  await openRow(/Cliente Pantallas/);
  await page.getByRole("button", { name: "Modificar Cliente" }).click();
  await page.getByRole("dialog").getByLabel("Dirección").waitFor();
  await check("edit client");
  await visit(page, { path: "/orders", ready: "Cliente Pantallas" });
  await openRow(/Cliente Pantallas/);
  await page.getByRole("dialog").getByText("Empanadas de carne").first().waitFor();
  await check("order detail");
  await visit(page, { path: "/products", ready: "Producto Pantallas" });
  await openRow(/Producto Pantallas Pizza/);
  await page.getByRole("dialog").getByLabel("Nombre").waitFor();
  await check("edit product");
  return problems;
}

// Every route at every width (fit, landmarks, axe, headings) is tests/e2e/accessibility-sweep.test.ts.
describe.skipIf(!!skip)(`the first paint and the main dialogs on every device ${skip}`, () => {
  it("on a slow connection /login paints 'Cargando…' before its stylesheets arrive and shows its form only once they apply", async () => {
    const page = await (await e2e.newContext()).newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".css"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto("/login", { waitUntil: "commit" });
    // A real paint, not just markup: a stylesheet holding the first paint would leave no entry.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    await page.waitForLoadState("domcontentloaded");
    expect(await page.getByRole("button", { name: "Ingresar" }).count()).toBe(0);
    release();
    const button = page.getByRole("button", { name: "Ingresar" });
    await button.waitFor();
    // Mantine's button sheet applies to the first frame the form is in.
    expect(await button.evaluate((b) => getComputedStyle(b).getPropertyValue("--button-height-sm").trim())).not.toBe(
      "",
    );
  });

  it("the main dialogs fit the screen at every width, with a named close button, and pass axe", async () => {
    expect(await atEveryWidth((page) => dialogsProblems(page))).toEqual([]);
  });
});
