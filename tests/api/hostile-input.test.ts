import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";
import { orderDetails } from "../helpers/orders";

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "Admin")).client;
});
afterAll(() => t.close());

const TEXT_FIELDS = [
  "name",
  "address",
  "notes",
  "phone",
  "email",
  "search",
  "username",
  "password",
  "first_name",
  "last_name",
  "claimValue",
  "bonus",
  "q",
  "text",
  "reason",
  "table",
  "sql_table",
];
const DATE_FIELDS = ["date", "birthday", "delivery_date", "start_date", "end_date", "from", "to"];

/** Every route, with `text` in every text field and `date` in every date field, in the query or the body. */
async function sweep(text: string, date: string) {
  const fields = {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text])),
    ...Object.fromEntries(DATE_FIELDS.map((f) => [f, date])),
  };
  const body = {
    ...fields,
    orderData: orderDetails({ date, notes: text, address: text }),
    cart: { items: [] },
    client_id: 1,
  };
  const query = new URLSearchParams(fields).toString();
  const failures: string[] = [];
  for (const route of t.app.routeTable) {
    const url = `${route.url.replace(/:[^/]+/g, "1")}${route.method === "GET" ? `?${query}` : ""}`;
    const response = await admin.request(route.method as "GET", url, route.method === "GET" ? undefined : body);
    if (response.statusCode === 500)
      failures.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 80)}`);
  }
  return failures;
}

describe("input the database would refuse never reaches it as a 500", () => {
  it("a NUL byte in any text field or search answers 4xx on every route", async () => {
    expect(await sweep("texto\u0000con nulo", "2027-01-10")).toEqual([]);
  });

  it.each(["2027-02-30", "0000-01-01", "99999-01-01"])(
    "an impossible date (%s) answers 4xx on every route",
    async (date) => {
      expect(await sweep("texto", date)).toEqual([]);
    },
  );

  it("the anonymous login with a NUL byte answers 400 in Spanish", async () => {
    const response = await new ApiClient(t.app).post("/api/login/", { username: "ad\u0000min", password: "x\u0000" });
    expect([400, 401]).toContain(response.statusCode);
    expect(response.json().detail).toMatch(/[a-záéíóúñ]/i);
  });

  it("a malformed multipart upload answers 400 in Spanish", async () => {
    const boundary = "----frio";
    const broken = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    const routes = t.app.routeTable.filter((r) => r.method === "POST" && /image|photo|media|upload/.test(r.url));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const response = await admin.request("POST", route.url.replace(/:[^/]+/g, "1"), broken, {
        "content-type": `multipart/form-data; boundary=${boundary}`,
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
      expect(response.json().detail).toMatch(/[a-záéíóúñ]/i);
    }
  });

  it("a multipart body sent to a route that takes no file answers 415 in Spanish", async () => {
    const boundary = "----frio";
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPollo\r\n--${boundary}--\r\n`;
    const response = await admin.request("POST", "/api/clients/", form, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe("Tipo de contenido no admitido.");
  });
});
