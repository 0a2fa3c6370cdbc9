import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { confirmOrder, freshDate, sendRouteOf } from "../../helpers/boards";
import { signIn } from "../../helpers/factories";

let t: TestApp;
let seller: ApiClient;
let preparer: ApiClient;
let dispatcher: ApiClient;
let admin: ApiClient;
let courier: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  seller = (await signIn(t, "Vendedor")).client;
  preparer = (await signIn(t, "Preparador")).client;
  dispatcher = (await signIn(t, "Despachante")).client;
  admin = (await signIn(t, "Admin")).client;
  const cadete = await signIn(t, "Cadete");
  courier = cadete.client;
  expect((await dispatcher.post("/api/dispatch/couriers/", { column: 2, user_id: cadete.id })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** Orders prepared and sent on column 2 for `date`. */
async function sentOrders(date: string, count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await confirmOrder(seller, { date });
    expect((await preparer.post("/api/orders/prepared/", { order_id: id })).statusCode).toBe(200);
    ids.push(id);
  }
  await sendRouteOf(dispatcher, date, 2, ids);
  return ids as [number, number, number];
}

const detailOf = async (id: number) => (await admin.get(`/api/orders/${id}/`)).json();
const delivered = (body: Record<string, unknown>) => courier.post("/api/courier/delivered/", body);

describe("the cold chain at delivery (issue 41)", () => {
  it("is off by default at −12 °C; only Admin changes it, within −40 to +30 with 1 decimal, and it is audited", async () => {
    expect((await courier.get("/api/settings/cold-chain/")).json()).toEqual({ required: false, max_c: -12 });
    for (const max_c of [-41, 31, "frío", -12.25]) {
      const refused = await admin.request("PUT", "/api/settings/cold-chain/", { required: true, max_c });
      expect(refused.statusCode, String(max_c)).toBe(400);
      expect(refused.json().errors.max_c).toBe("La temperatura máxima va de −40 °C a +30 °C, con 1 decimal.");
    }
    expect((await seller.request("PUT", "/api/settings/cold-chain/", { required: true, max_c: -10 })).statusCode).toBe(
      403,
    );
    expect((await admin.get("/api/settings/cold-chain/")).json()).toEqual({ required: false, max_c: -12 });
    const saved = await admin.request("PUT", "/api/settings/cold-chain/", { required: true, max_c: -12 });
    expect(saved.json()).toEqual({ required: true, max_c: -12, success: true, message: "Cadena de frío guardada." });
    const audit = (await admin.get("/api/audit/?action=settings.cold_chain")).json();
    expect(audit.results[0]).toMatchObject({ before: { required: false }, after: { required: true, max_c: -12 } });
  });

  it("when required, 'Entregado' needs a temperature; warmer than the maximum it needs a note or 'No entregado' for 'Cadena de frío'", async () => {
    await admin.request("PUT", "/api/settings/cold-chain/", { required: true, max_c: -12 });
    const date = freshDate();
    const [warm, cold, refused] = await sentOrders(date, 3);
    const route = (await courier.get(`/api/courier/route/?delivery_date=${date}`)).json();
    expect(route.cold_chain).toEqual({ required: true, max_c: -12 });
    // The printed route sheet leaves a box per stop for the reading.
    const sheet = (await dispatcher.get(`/api/dispatch/route-sheet/?column=2&delivery_date=${date}`)).json();
    expect(sheet.cold_chain).toEqual({ required: true, max_c: -12 });

    const missing = await delivered({ order_id: warm });
    expect([missing.statusCode, missing.json().detail]).toEqual([400, "Ingresá la temperatura de la mercadería (°C)."]);
    const bad: [unknown, string][] = [
      ["-41", "La temperatura va de −40 °C a +30 °C."],
      [30.5, "La temperatura va de −40 °C a +30 °C."],
      ["-5,55", "La temperatura admite 1 decimal."],
      ["helado", "Ingresá solo números, como 111.000 o 1.234,50."],
    ];
    for (const [temperature_c, message] of bad) {
      const answer = await delivered({ order_id: warm, temperature_c });
      expect(answer.statusCode, String(temperature_c)).toBe(400);
      expect(answer.json().errors.temperature_c).toBe(message);
    }
    const noNote = await delivered({ order_id: warm, temperature_c: "−5" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().detail).toBe(
      "La mercadería está a −5 °C, más que el máximo de −12 °C: anotá qué se hizo, o marcá 'No entregado' por 'Cadena de frío'.",
    );
    expect((await detailOf(warm)).status).toBe("Enviado");

    const withNote = await delivered({
      order_id: warm,
      temperature_c: "-5",
      temperature_note: "El cliente la guardó en su freezer al recibirla.",
    });
    expect(withNote.statusCode).toBe(200);
    expect(await detailOf(warm)).toMatchObject({
      status: "Entregado",
      delivery_temperature_c: -5,
      delivery_temperature_note: "El cliente la guardó en su freezer al recibirla.",
    });

    expect((await delivered({ order_id: cold, temperature_c: "-18,5" })).statusCode).toBe(200);
    expect(await detailOf(cold)).toMatchObject({ delivery_temperature_c: -18.5, delivery_temperature_note: null });
    // The limit itself is cold enough.
    const notDelivered = await courier.post("/api/courier/not-delivered/", {
      order_id: refused,
      reason: "Cadena de frío",
    });
    expect(notDelivered.statusCode).toBe(200);
    expect((await detailOf(refused)).status).toBe("Armado");

    const stops = (await courier.get(`/api/courier/route/?delivery_date=${date}`)).json().stops as {
      order_id: number;
      temperature_c: number | null;
      temperature_note: string | null;
      reason: string | null;
    }[];
    expect(stops.map((s) => [s.order_id, s.temperature_c, s.reason])).toEqual(
      expect.arrayContaining([
        [warm, -5, null],
        [cold, -18.5, null],
        [refused, null, "Cadena de frío"],
      ]),
    );

    // The office's export of the stops carries each reading and its note.
    const exported = await admin.post("/api/export-data/", { sql_table: "CourierStops", type_archive: "csv" });
    // es-AR CSV with a BOM, ';' between fields and texts quoted (no ';' inside these).
    const cells = (line: string) => line.split(";").map((cell) => cell.replace(/^\uFEFF?"?|"$/g, ""));
    const [header, ...rows] = exported.body.trim().split(/\r?\n/).map(cells);
    const column = (name: string) => header!.indexOf(name);
    const readings = rows
      .filter((r: string[]) => [warm, cold, refused].map(String).includes(r[column("FK_Orders")]!))
      .map((r: string[]) => [
        Number(r[column("FK_Orders")]),
        r[column("Temperature_C")],
        r[column("Temperature_Note")],
      ]);
    expect(readings).toEqual(
      expect.arrayContaining([
        [warm, "-5,0", "El cliente la guardó en su freezer al recibirla."],
        [cold, "-18,5", ""],
        [refused, "", ""],
      ]),
    );
  });

  it("at exactly the maximum no note is needed; off, 'Entregado' asks nothing and keeps a reading if one is given", async () => {
    await admin.request("PUT", "/api/settings/cold-chain/", { required: true, max_c: -12 });
    const date = freshDate();
    const [atMax, off, offRead] = await sentOrders(date, 3);
    expect((await delivered({ order_id: atMax, temperature_c: -12 })).statusCode).toBe(200);
    await admin.request("PUT", "/api/settings/cold-chain/", { required: false, max_c: -12 });
    expect((await delivered({ order_id: off })).statusCode).toBe(200);
    expect((await detailOf(off)).delivery_temperature_c).toBeNull();
    expect((await delivered({ order_id: offRead, temperature_c: "-20" })).statusCode).toBe(200);
    expect((await detailOf(offRead)).delivery_temperature_c).toBe(-20);
  });
});
