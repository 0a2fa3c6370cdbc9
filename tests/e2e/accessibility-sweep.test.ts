import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "@domain/calendar";
import type { GroupName } from "@domain/permissions";
import { ApiClient } from "../helpers/app";
import { sendRouteOf } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { solveCaptcha } from "../helpers/captcha";
import { createClient, createProduct } from "../helpers/catalog";
import {
  axeViolations,
  headingProblems,
  horizontalOverflow,
  landmarkProblems,
  preloadAxe,
  settled,
  VIEWPORTS,
  type ViewportName,
} from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { orderDetails, placeOrder } from "../helpers/orders";

/**
 * Every route of web/src/app/router.tsx, opened by a group that may see it, over a small
 * distributor's day (a client with a virtual freezer, orders confirmed, prepared, sent and
 * delivered, a pending registration request), at the phone's, tablet's and desktop's width:
 * axe-core finds nothing critical, serious or moderate, and the headings never skip a level.
 */

const skip = e2eSkipReason();
/** Where each screen's picture goes, to look at (unset: none taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
type Who = GroupName | "Nadie";
interface Route {
  path: () => string;
  who: Who;
  /** What the person sees once the screen holds its data. */
  ready: (page: Page) => ReturnType<Page["getByText"]>;
  /** What the person does next on the screen (opens a dialog, calculates): checked as it then stands. */
  act?: (page: Page) => Promise<unknown>;
}

const today = todayInBuenosAires();
const ids = { client: 0, order: 0, waiting: 0, debtor: 0, product: 0, lot: 0 };
const LOT = "L-0425";
const DEBTOR = "Rotisería La Esquina";
const CLIENT = "Almacén Don Tito";
const byHeading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });
const byText = (text: string | RegExp) => (page: Page) => page.getByText(text).first();
const button = (name: string) => (page: Page) => page.getByRole("button", { name, exact: true }).first();
/** Clicks and waits for the dialog (or drawer) it opens. */
const opens =
  (target: (page: Page) => ReturnType<Page["getByText"]>, dialog: () => string | RegExp) => async (page: Page) => {
    await target(page).click();
    await page.getByRole("dialog", { name: dialog() }).waitFor();
  };

const ROUTES: Record<string, Route> = {
  login: { path: () => "/login", who: "Nadie", ready: byHeading(/./) },
  "register-request": { path: () => "/register-request", who: "Nadie", ready: byHeading(/./) },
  "home (Admin)": { path: () => "/", who: "Admin", ready: byText("Ventas de los últimos 14 días") },
  "home (Vendedor)": { path: () => "/", who: "Vendedor", ready: byHeading(/./) },
  "home (Preparador)": { path: () => "/", who: "Preparador", ready: byHeading(/./) },
  "home (Despachante)": { path: () => "/", who: "Despachante", ready: byHeading(/./) },
  "home (Cadete)": { path: () => "/", who: "Cadete", ready: byHeading(/./) },
  mapa: { path: () => "/mapa", who: "Admin", ready: byHeading(/./) },
  clients: { path: () => "/clients", who: "Vendedor", ready: byText(CLIENT) },
  "clients: all the client's data": {
    path: () => "/clients",
    who: "Vendedor",
    ready: byText(CLIENT),
    act: async (page) => {
      await opens(byText(CLIENT), () => CLIENT)(page);
      await opens(button("Mostrar todos los datos del cliente"), () => "Datos del cliente")(page);
    },
  },
  "virtual freezer": {
    path: () => `/clients/${ids.client}/virtual-freezer`,
    who: "Vendedor",
    ready: byText("Merluza en filet"),
  },
  "clients: editing a client": {
    path: () => "/clients",
    who: "Vendedor",
    ready: byText(CLIENT),
    act: async (page) => {
      await opens(byText(CLIENT), () => CLIENT)(page);
      await opens(button("Modificar Cliente"), () => "Modificar Cliente")(page);
    },
  },
  "clients: a claim": {
    path: () => "/clients",
    who: "Vendedor",
    ready: byText(CLIENT),
    act: async (page) => {
      await opens(byText(CLIENT), () => CLIENT)(page);
      await opens(button("Cargar Datos de Cliente"), () => "CARGAR RECLAMO/BONIFICACIÓN")(page);
    },
  },
  "create-client": { path: () => "/create-client", who: "Vendedor", ready: byHeading(/./) },
  products: { path: () => "/products", who: "Vendedor", ready: byText("Merluza en filet") },
  "products: editing a product": {
    path: () => "/products",
    who: "Vendedor",
    ready: byText("Merluza en filet"),
    // The catalogue's row (the hake is also in 'Lotes por vencer' above it).
    act: opens(
      (page) => page.getByLabel("Productos").getByText("Merluza en filet"),
      () => "Editar producto",
    ),
  },
  "products/new": { path: () => "/products/new", who: "Vendedor", ready: byHeading(/./) },
  "products/:productId/lotes": {
    path: () => `/products/${ids.product}/lotes`,
    who: "Preparador",
    ready: (page) => page.getByRole("link", { name: new RegExp(`Lote ${LOT}`) }).first(),
  },
  "lotes/:lotId": { path: () => `/lotes/${ids.lot}`, who: "Admin", ready: byText(CLIENT) },
  orders: { path: () => "/orders", who: "Admin", ready: byText(CLIENT) },
  "orders: an order's detail": {
    path: () => "/orders",
    who: "Admin",
    ready: byText(CLIENT),
    act: opens(byText(CLIENT), () => `Pedido #${ids.order}`),
  },
  "orders/new": { path: () => "/orders/new", who: "Vendedor", ready: byHeading(/./) },
  "orders/pending": { path: () => "/orders/pending", who: "Vendedor", ready: byHeading(/./) },
  "wizard: products": {
    path: () => `/orders/${ids.client}/products`,
    who: "Vendedor",
    ready: byText("Tarta de jamón y queso"),
  },
  "wizard: delivery": { path: () => `/orders/${ids.client}/delivery`, who: "Vendedor", ready: byHeading(/./) },
  "wizard: confirm": {
    path: () => `/orders/${ids.client}/confirm`,
    who: "Vendedor",
    ready: byText("Merluza en filet"),
  },
  settings: { path: () => "/settings", who: "Admin", ready: byHeading(/./) },
  reparto: { path: () => "/reparto", who: "Cadete", ready: byText(CLIENT) },
  "reparto: delivering": {
    path: () => "/reparto",
    who: "Cadete",
    ready: byText(CLIENT),
    act: opens(button("Entregado"), () => `Entregar a ${CLIENT}`),
  },
  "reparto: not delivered": {
    path: () => "/reparto",
    who: "Cadete",
    ready: byText(CLIENT),
    act: opens(button("No entregado"), () => `No entregado: ${CLIENT}`),
  },
  "admin/cash": { path: () => "/admin/cash", who: "Admin", ready: byText("Cadete Prueba") },
  commissions: { path: () => "/commissions", who: "Admin", ready: byHeading(/./) },
  "commissions: calculated": {
    path: () => "/commissions",
    who: "Vendedor",
    ready: byHeading(/./),
    act: async (page) => {
      await page.getByLabel("Fecha de inicio").fill(today);
      await page.getByLabel("Fecha final").fill(today);
      await page.getByRole("button", { name: "Calcular" }).click();
      await page.getByText("Ventas del vendedor").waitFor();
    },
  },
  "admin/audit": { path: () => "/admin/audit", who: "Admin", ready: byHeading(/./) },
  "admin/approvals": { path: () => "/admin/approvals", who: "Admin", ready: byText("nuevo.vendedor") },
  "admin/dispatch": { path: () => "/admin/dispatch", who: "Despachante", ready: byText(CLIENT) },
  "admin/dispatch: day plan": {
    path: () => "/admin/dispatch",
    who: "Despachante",
    ready: byText(CLIENT),
    act: opens(button("Planificar el día"), () => "Planificar el día"),
  },
  "admin/dispatch: fleet": {
    path: () => "/admin/dispatch",
    who: "Despachante",
    ready: byText(CLIENT),
    act: opens(button("Flota y horarios"), () => "Flota y horarios"),
  },
  "admin/dispatch/wall": { path: () => "/admin/dispatch/wall", who: "Despachante", ready: byText(CLIENT) },
  "admin/preparation": { path: () => "/admin/preparation", who: "Preparador", ready: byText("Kiosco El Sol") },
  "admin/preparation: checklist": {
    path: () => "/admin/preparation",
    who: "Preparador",
    ready: byText("Kiosco El Sol"),
    act: opens(
      (page) => page.getByRole("button", { name: `Pedido #${ids.waiting}` }),
      () => /Kiosco El Sol/,
    ),
  },
  "imprimir/remito": { path: () => `/imprimir/remito/${ids.order}`, who: "Admin", ready: byText(CLIENT) },
  "imprimir/ruta": { path: () => `/imprimir/ruta/1?fecha=${today}`, who: "Despachante", ready: byText(CLIENT) },
  cuentas: { path: () => "/cuentas", who: "Admin", ready: byText(DEBTOR) },
  "cuentas/:clientId": {
    path: () => `/cuentas/${ids.debtor}`,
    who: "Vendedor",
    ready: (page) => page.getByText("Transferencia").first(),
  },
  "imprimir/cuenta": { path: () => `/imprimir/cuenta/${ids.debtor}`, who: "Admin", ready: byText(DEBTOR) },
  "not found": { path: () => "/no-existe", who: "Admin", ready: byHeading(/./) },
};

let e2e: E2E;
const pages = new Map<Who, Page>();
/** The case each page shows now: the next case of the same screen only resizes it. */
const showing = new Map<Page, string>();

/**
 * Opens a path as the app's own links do, without loading the app again (a second or more per
 * screen); the same path again (a dialog open on it) is loaded afresh.
 */
async function visit(page: Page, path: string) {
  const here = new URL(page.url());
  const there = new URL(path, e2e.baseUrl);
  if (here.origin !== there.origin || here.pathname + here.search === there.pathname + there.search)
    return page.goto(there.href);
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** A day's worth of rows: what each screen lists. */
async function seedDay() {
  const admin = (await signIn(e2e.t, "Admin")).client;
  const seller = (await signIn(e2e.t, "Vendedor")).client;
  const preparer = (await signIn(e2e.t, "Preparador")).client;
  const dispatcher = (await signIn(e2e.t, "Despachante")).client;
  const kg = await createProduct(admin, { name: "Merluza en filet", quantity: 400, price: 8900, unitWeight: 1 });
  const un = await createProduct(admin, {
    name: "Tarta de jamón y queso",
    quantity: 60,
    price: 5400,
    unitWeight: 0.6,
    isWeighted: false,
  });
  // A lot of the hake expiring in five days: the prepared orders take it, first expiry first.
  const lot = await admin.post(`/api/products/${kg.PK_Products}/lots/`, {
    code: LOT,
    expiry: addDays(today, 5),
    quantity: "100",
  });
  expect(lot.statusCode).toBe(201);
  ids.product = kg.PK_Products;
  ids.lot = lot.json().id;
  const { lat, lng } = e2e.t.config.depot;
  const clients = [
    { name: CLIENT, address: "Av. Calchaquí 3950", phone: "011 4253-1234", latitude: lat - 0.02, longitude: lng },
    {
      name: DEBTOR,
      address: "Mitre 850",
      phone: "011 4224-5678",
      latitude: lat - 0.01,
      longitude: lng,
    },
    { name: "Kiosco El Sol", address: "Rivadavia 120", phone: "011 4257-0001", latitude: lat + 0.01, longitude: lng },
  ];
  const clientIds = [];
  for (const client of clients) clientIds.push((await createClient(seller, client)).id);
  ids.client = clientIds[0]!;
  await seller.post("/api/save_virtual_freezer/", {
    clientId: ids.client,
    has_virtual_freezer: true,
    items: [{ productId: kg.PK_Products, units: 3, type: "KG" }],
  });
  const orderIds: number[] = [];
  for (const [i, clientId] of clientIds.entries()) {
    const client = clients[i]!;
    const placed = await placeOrder(
      seller,
      clientId,
      [
        { productId: kg.PK_Products, units: "2,5", type: "KG" },
        { productId: un.PK_Products, units: 3, type: "UN" },
      ],
      {
        orderData: orderDetails({
          date: today,
          address: client.address,
          latitude: client.latitude,
          longitude: client.longitude,
        }),
      },
    );
    orderIds.push(placed.json().order_id);
  }
  ids.order = orderIds[0]!;
  ids.waiting = orderIds[2]!;
  // Two prepared and sent with Cadete 1 (one of them delivered), the third still to prepare.
  for (const id of orderIds.slice(0, 2))
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
  const courier = await createUser(e2e.t, "Cadete");
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(200);
  await sendRouteOf(dispatcher, today, 1, orderIds.slice(0, 2));
  const courierApi = new ApiClient(
    e2e.t.app,
    (
      await new ApiClient(e2e.t.app).post("/api/login/", { username: courier.username, password: courier.password })
    ).json().access,
  );
  // Paid short at the door: a cash difference for the office and a debt on the client's account.
  const delivered = await courierApi.post("/api/courier/delivered/", {
    order_id: orderIds[1],
    amount_received: "20000",
  });
  expect(delivered.statusCode).toBe(200);
  ids.debtor = clientIds[1]!;
  const paid = await seller.post(`/api/clients/${ids.debtor}/payments/`, {
    amount: "5000,00",
    payment_method_id: 2,
    date: today,
    note: "Transferencia",
  });
  expect(paid.statusCode).toBe(201);
  const groups = (await new ApiClient(e2e.t.app).get("/api/account-groups/")).json().results;
  const registered = await new ApiClient(e2e.t.app).post("/api/register-request/", {
    username: "nuevo.vendedor",
    email: "nuevo@frio.test",
    password: "una-clave-larga",
    group_id: groups.find((g: { name: string }) => g.name === "Vendedor").id,
    recaptcha: await solveCaptcha(e2e.t.app),
  });
  expect(registered.statusCode).toBe(200);
  return courier;
}

/** One context per group, signed in through the login screen; the seller's cart holds an order up to its last step. */
async function openPages(courier: { username: string; password: string }) {
  for (const who of ["Nadie", "Admin", "Vendedor", "Preparador", "Despachante", "Cadete"] as const) {
    const context = await e2e.newContext({ viewport: VIEWPORTS.phone });
    await preloadAxe(context);
    const page = await context.newPage();
    if (who !== "Nadie") {
      const user = who === "Cadete" ? courier : await createUser(e2e.t, who);
      await loginThroughUi(page, user.username, user.password);
    }
    pages.set(who, page);
  }
  const seller = pages.get("Vendedor")!;
  await seller.setViewportSize(VIEWPORTS.desktop);
  await seller.goto(`/orders/${ids.client}/products`);
  await seller.getByRole("row", { name: /Merluza en filet/ }).click();
  await seller.getByLabel("Cantidad de Merluza en filet").fill("4");
  await seller.getByRole("row", { name: /Tarta de jamón y queso/ }).click();
  await seller.getByRole("button", { name: "Continuar" }).first().click();
  await seller.waitForURL(`**/orders/${ids.client}/delivery`);
  await seller.getByRole("combobox", { name: "Horario" }).click();
  await seller.getByRole("option", { name: "Mañana" }).click();
  await seller.getByRole("button", { name: "Continuar" }).first().click();
  await seller.waitForURL(`**/orders/${ids.client}/confirm`);
}

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  await openPages(await seedDay());
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`every route is read whole by a screen reader ${skip}`, () => {
  it("the sweep opens every path web/src/app/router.tsx declares", () => {
    const router = readFileSync(new URL("../../web/src/app/router.tsx", import.meta.url), "utf8");
    const declared = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!).filter((p) => p !== "*");
    const swept = Object.values(ROUTES).map((r) => new URL(r.path(), "http://frio").pathname);
    const unswept = declared.filter(
      (pattern) => !swept.some((path) => new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`).test(path)),
    );
    expect(unswept).toEqual([]);
  });

  const cases = Object.entries(ROUTES).flatMap(([name, route]) =>
    (Object.keys(VIEWPORTS) as ViewportName[]).map((width) => ({ name, route, width })),
  );
  it.each(cases)(
    "$name at $width: fits the width, one main, no moderate-or-worse axe finding, headings in order",
    async ({ name, route, width }) => {
      const page = pages.get(route.who)!;
      await page.setViewportSize(VIEWPORTS[width]);
      if (showing.get(page) !== name) {
        showing.delete(page);
        await visit(page, route.path());
        await route.ready(page).waitFor();
        await route.act?.(page);
        showing.set(page, name);
      }
      await route.ready(page).waitFor();
      await settled(page);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/sweep-${name.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
      // Read again until the screen holds still: a ready text may still be the screen before's
      // while the next one loads its data (the map renders nothing until its settings arrive).
      const problems = async () => ({
        overflow: await horizontalOverflow(page),
        landmarks: await landmarkProblems(page),
        axe: await axeViolations(page, ["critical", "serious", "moderate"]),
        headings: await headingProblems(page),
      });
      await expect
        .poll(problems, { timeout: 10_000, interval: 250 })
        .toEqual({ overflow: 0, landmarks: [], axe: [], headings: [] });
    },
  );
});
