import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import type { CourierColumns } from "@domain/contracts/courier";
import { formatDecimalInput } from "@domain/decimal-input";
import { toCentavos } from "@domain/money";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { preloadAxe, seriousViolations, settled, VIEWPORTS, type ViewportName } from "../helpers/devices";
import { assignThroughApi, startDispatchE2E } from "../helpers/dispatch-e2e";
import { createUser } from "../helpers/factories";
import { orderDetails, placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let e2e: E2E;
let seller: ApiClient;
let dispatcherApi: ApiClient;
let phone: Page;
let office: Page;
let orderId = 0;
let due = "";
const today = todayInBuenosAires();

const productOf = async (name: string) =>
  (
    (await seller.get(`/api/products/?search=${encodeURIComponent(name)}`)).json().results as {
      Name: string;
      Price: string;
      Quantity: string;
      Unit_Weight: string;
    }[]
  ).find((p) => p.Name === name)!;

beforeAll(async () => {
  if (skip) return;
  let preparer: ApiClient;
  ({ e2e, seller, preparer, dispatcherApi } = await startDispatchE2E());
  // 2,5 kg at $ 44.400: a six-figure cash amount, as the courier collects every day.
  const product = await createProduct(seller, { name: "Lomo congelado", quantity: 100, price: 44400, unitWeight: 1 });
  const { id: clientId } = await createClient(seller, { name: "Parrilla El Fogón" });
  const placed = await placeOrder(seller, clientId, [{ productId: product.PK_Products, units: "2.5", type: "KG" }], {
    orderData: orderDetails({ date: today }),
  });
  orderId = placed.json().order_id;
  due = (await seller.get(`/api/orders/${orderId}/`)).json().final_price;
  expect((await preparer.post("/api/orders/prepared/", { order_id: orderId })).statusCode).toBe(200);
  const courier = await createUser(e2e.t, "Cadete");
  expect((await dispatcherApi.post("/api/dispatch/couriers/", { column: 1, user_id: courier.id })).statusCode).toBe(
    200,
  );
  await assignThroughApi(dispatcherApi, today, orderId, 1);
  expect((await dispatcherApi.post("/api/dispatch/send-route/", { courier: 1, order_ids: [orderId] })).statusCode).toBe(
    200,
  );

  const phoneContext = await e2e.newContext();
  await preloadAxe(phoneContext);
  phone = await phoneContext.newPage();
  await phone.setViewportSize(VIEWPORTS.phone);
  await loginThroughUi(phone, courier.username, courier.password);
  const admin = await createUser(e2e.t, "Admin");
  const officeContext = await e2e.newContext();
  await preloadAxe(officeContext);
  office = await officeContext.newPage();
  await loginThroughUi(office, admin.username, admin.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`money and weight fields read Argentine notation in Chromium ${skip}`, () => {
  it("the courier's cash field reads '111.000' as a hundred and eleven thousand, refuses garbage, and saves to the centavo", async () => {
    const typed = formatDecimalInput(toCentavos(due) / 100, 2);
    expect(typed).toMatch(/^\d{3}\.\d{3}$/);
    const read = formatDecimalInput(toCentavos(due) / 100, 2, { money: true });
    await phone.goto("/reparto");
    await phone.getByTestId(`stop-${orderId}`).getByRole("button", { name: "Entregado", exact: true }).click();
    const dialog = phone.getByRole("dialog");
    const cash = dialog.getByLabel("Monto recibido en efectivo");
    await cash.fill(typed);
    // Exactly what is due: no difference at all.
    // Money reads with its 2 decimals: 'Se lee: $ 121.000,00' for what is typed '121.000'.
    await dialog.getByText(`Se lee: $ ${read}`, { exact: true }).waitFor();
    expect(await dialog.getByTestId("cash-difference").count()).toBe(0);

    await cash.fill(`${typed},50`);
    await dialog.getByTestId("cash-difference").waitFor();
    expect(await dialog.getByTestId("cash-difference").innerText()).toMatch(/^Diferencia: \$\s0,50$/);

    await cash.fill("111.0.00");
    await cash.blur();
    await dialog
      .getByText("Los puntos separan miles de a tres cifras: 111.000 o 1.234.567. Los decimales van con coma.")
      .waitFor();
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await dialog.getByText("Ingresá el monto recibido con hasta 2 decimales.").waitFor();
    await settled(phone);
    expect(await seriousViolations(phone)).toEqual([]);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/cash-field-refused-390.png` });

    await cash.fill(typed);
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await phone.getByText("Entrega registrada.").waitFor();
    const columns = (
      await dispatcherApi.get(`/api/dispatch/couriers/?delivery_date=${today}`)
    ).json() as CourierColumns;
    expect(columns.couriers[0]!.stops).toEqual([
      expect.objectContaining({ order_id: orderId, amount_received: due, difference: "0.00" }),
    ]);
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    "at %s width a new product takes '111.000' as its price and '1,5' and '0.250' as weights",
    async (viewport) => {
      await office.setViewportSize(VIEWPORTS[viewport]);
      const name = `Bondiola ${viewport}`;
      await office.goto("/products/new");
      await office.getByLabel("Nombre").fill(name);
      await office.getByLabel("Cantidad (KG)").fill("1,5");
      await office.getByLabel("Precio").fill("111.000");
      await office.getByText("Se lee: $ 111.000,00", { exact: true }).waitFor();
      await office.getByLabel("Peso por unidad (kg)").fill("0.250");
      await office.getByText("Se lee: 0,25 kg").waitFor();
      await settled(office);
      expect(await seriousViolations(office)).toEqual([]);
      if (SHOTS) await office.screenshot({ path: `${SHOTS}/product-price-${viewport}.png`, fullPage: true });
      await office.getByRole("button", { name: "Crear producto" }).click();
      await office.waitForURL("**/products");
      expect(await productOf(name)).toMatchObject({ Price: "111000.00", Quantity: "1.500", Unit_Weight: "0.250" });
    },
  );

  it("a price that is not a number is refused in the form, and nothing is saved", async () => {
    await office.setViewportSize(VIEWPORTS.desktop);
    await office.goto("/products/new");
    await office.getByLabel("Nombre").fill("Matambre");
    await office.getByLabel("Cantidad (KG)").fill("3");
    await office.getByLabel("Precio").fill("1.11.000");
    await office.getByLabel("Peso por unidad (kg)").fill("1");
    await office
      .getByText("Los puntos separan miles de a tres cifras: 111.000 o 1.234.567. Los decimales van con coma.")
      .waitFor();
    await office.getByRole("button", { name: "Crear producto" }).click();
    await office.getByText("Ingresá un precio válido (mayor o igual a 0).").waitFor();
    expect(await productOf("Matambre")).toBeUndefined();
  });

  it("the shipping cost, the stock editor and the freezer read the same notation", async () => {
    await office.goto("/settings");
    await office.getByRole("combobox", { name: "Zona" }).click();
    await office.getByRole("option", { name: /^Zona Centro/ }).click();
    await office.getByLabel("Precio").fill("1.500,50");
    await office.getByRole("button", { name: "Actualizar costo" }).click();
    await office.getByText("Costo de envío actualizado correctamente.").waitFor();
    const zone = ((await seller.get("/api/get_shipments/")).json() as { Name: string; Price: string }[]).find(
      (z) => z.Name === "Zona Centro",
    )!;
    expect(zone.Price).toBe("1500.50");

    await createProduct(seller, { name: "Poco stock merluza", quantity: 1, price: 100 });
    await office.goto("/orders/new");
    await office.getByText("Poco stock merluza").click();
    const editor = office.getByRole("dialog", { name: "Poco stock merluza" });
    // A saved price shows with its 2 decimals, as every amount does.
    expect(await editor.getByLabel("Precio").inputValue()).toBe("100,00");
    await editor.getByLabel("Stock (KG)").fill("1.250");
    await editor.getByText("Se lee: 1.250 kg").waitFor();
    await editor.getByLabel("Precio").fill("2.100");
    await editor.getByRole("button", { name: "Guardar" }).click();
    await office.getByText("Producto actualizado con éxito").waitFor();
    expect(await productOf("Poco stock merluza")).toMatchObject({ Quantity: "1250.000", Price: "2100.00" });

    const { id: clientId } = await createClient(seller, { name: "Freezer Don Pepe" });
    await office.goto(`/clients/${clientId}/virtual-freezer`);
    await office.getByLabel("¿Tiene Freezer Virtual?").check();
    await office.getByRole("row", { name: /Lomo congelado/ }).click();
    await office.getByLabel("Cantidad de Lomo congelado").fill("2,5");
    await office.getByRole("button", { name: "Guardar freezer" }).click();
    await office.getByText("Freezer virtual guardado con éxito.").waitFor();
    const freezer = (await seller.get(`/api/clients/${clientId}/virtual-freezer/`)).json();
    expect(freezer.cart.items).toEqual([expect.objectContaining({ Quantity: "2.500" })]);
  });
});
