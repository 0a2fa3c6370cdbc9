import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health/", () => {
  it("answers 200 with the state of database, bus and queue", async () => {
    const response = await new ApiClient(t.app).get("/api/health/");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", mode: "embedded", database: "ok", bus: "ok", queue: "ok" });
  });
});
