import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import type { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import {
  horizontalOverflow,
  preloadAxe,
  seriousViolations,
  settled,
  VIEWPORTS,
  type ViewportName,
} from "../helpers/devices";
import { assignThroughApi, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const WIDTHS = Object.keys(VIEWPORTS) as ViewportName[];
let e2e: E2E;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcherApi: ApiClient;
let page: Page;
const today = todayInBuenosAires();
const orderIds: number[] = [];

/** The part of an element that lies outside the viewport or is cut by its own box, in px. */
const clipped = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((e) => {
      const box = e.getBoundingClientRect();
      return {
        text: e.textContent,
        cut: Math.max(0, e.scrollWidth - e.clientWidth, box.right - window.innerWidth, -box.left),
      };
    }),
  );

beforeAll(async () => {
  if (skip) return;
  ({ e2e, seller, preparer, dispatcherApi } = await startDispatchE2E());
  const products = {
    kg: (await createProduct(seller, { quantity: 500 })).PK_Products,
    un: (await createProduct(seller, { quantity: 500, isWeighted: false })).PK_Products,
  };
  const { lat, lng } = e2e.t.config.depot;
  for (const [name, offset] of [
    ["Almacén Don Tito", 0.02],
    ["Rotisería La Esquina", 0.01],
  ] as const) {
    const { id: clientId } = await createClient(seller, { name });
    const id = await confirmOrder(seller, { date: today, clientId, latitude: lat - offset, longitude: lng }, products);
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    orderIds.push(id);
  }
  for (const id of orderIds) await assignThroughApi(dispatcherApi, today, id, 2);
  const user = await createUser(e2e.t, "Despachante");
  const context = await e2e.newContext();
  await preloadAxe(context);
  page = await context.newPage();
  await loginThroughUi(page, user.username, user.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`'Enviar ruta' on the dispatch board in Chromium ${skip}`, () => {
  it.each(WIDTHS)("at %s width: disabled with its reason in sight while no Cadete is linked", async (viewport) => {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.goto("/admin/dispatch");
    const column = page.getByTestId("column-2");
    await column.getByRole("button", { name: `Pedido #${orderIds[1]}` }).waitFor();
    const send = column.getByRole("button", { name: "Enviar ruta" });
    expect(await send.isDisabled()).toBe(true);
    const reason = column.getByTestId("send-refusal-2");
    // Written under the button, not in a tooltip: it is there to read without hovering.
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.innerText()).toBe(
      "Cadete 2 no tiene un cadete vinculado: elegí quién lleva la ruta antes de enviarla.",
    );
    await reason.scrollIntoViewIfNeeded();
    expect((await clipped(page, "[data-testid=send-refusal-2]"))[0]!.cut).toBe(0);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dispatch-unlinked-${viewport}.png`, fullPage: true });
  });

  it("at a phone's width the mode switch shows each of its three labels whole", async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/admin/dispatch");
    await page.getByRole("radiogroup", { name: "Orden" }).or(page.getByText("Asignaciones")).first().waitFor();
    const labels = await clipped(page, ".mantine-SegmentedControl-label");
    expect(labels.map((l) => l.text)).toEqual(["Asignaciones", "Fecha y horario", "Zona de envio"]);
    expect(labels.filter((l) => l.cut > 0)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it.each(WIDTHS)(
    "at %s width: once a Cadete is linked, it asks first, naming the courier and the stops in driving order",
    async (viewport) => {
      if (viewport === "phone") {
        const courier = await createUser(e2e.t, "Cadete");
        expect(
          (await dispatcherApi.post("/api/dispatch/couriers/", { column: 2, user_id: courier.id })).statusCode,
        ).toBe(200);
      }
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto("/admin/dispatch");
      const column = page.getByTestId("column-2");
      await column.getByRole("button", { name: `Pedido #${orderIds[1]}` }).waitFor();
      const send = column.getByRole("button", { name: "Enviar ruta" });
      await page.waitForFunction(() => !document.querySelector("[data-testid=send-refusal-2]"));
      await send.click();
      const dialog = page.getByRole("dialog", { name: "Enviar ruta de Cadete 2" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain("Estas 2 paradas van al teléfono de Cadete Prueba:");
      // The nearer order first: the order the courier will drive them in, not the column's.
      await page.waitForFunction(() => !document.querySelector("[aria-label='Ordenando la ruta']"));
      expect(await dialog.getByTestId("send-route-stops").locator("li").allInnerTexts()).toEqual([
        `#${orderIds[1]} Rotisería La Esquina — Mitre 500`,
        `#${orderIds[0]} Almacén Don Tito — Mitre 500`,
      ]);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/dispatch-send-confirm-${viewport}.png` });
      if (viewport !== "desktop") {
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        expect((await seller.get(`/api/orders/${orderIds[0]}/`)).json().status).toBe("Armado");
        return;
      }
      await dialog.getByRole("button", { name: "Enviar a Cadete Prueba" }).click();
      await page
        .getByRole("dialog", { name: "Ruta Cadete 2" })
        .getByText("Ruta enviada: los pedidos pasaron a Enviado.")
        .waitFor();
      expect((await seller.get(`/api/orders/${orderIds[0]}/`)).json().status).toBe("Enviado");
    },
  );
});
