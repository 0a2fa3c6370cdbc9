import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_PENDING_REQUESTS } from "@domain/contracts/auth";
import { createTestApp, type TestApp } from "../../helpers/app";
import { askForAccount } from "../../helpers/registration";
import { signIn } from "../../helpers/factories";

/** Issue 39: registration requests were capped per address only; many addresses filled the list. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PENDING_REQUESTS_MAX: "3" } });
});
afterAll(() => t.close());

const ask = (username: string) => askForAccount(t.app, username);

describe("a ceiling on pending registration requests, whatever the address", () => {
  it("takes PENDING_REQUESTS_MAX requests, refuses the next in Spanish, and takes one again once an Admin decides", async () => {
    for (const name of ["espera.uno", "espera.dos", "espera.tres"]) expect((await ask(name)).statusCode).toBe(200);
    const refused = await ask("espera.cuatro");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(TOO_MANY_PENDING_REQUESTS);
    expect(refused.headers["retry-after"]).toBeDefined();

    const admin = (await signIn(t, "Admin")).client;
    const pending = (await admin.get("/api/admin/approvals/")).json().registration_requests as { id: number }[];
    expect(pending).toHaveLength(3);
    expect((await admin.post("/api/admin/registration-requests/deny/", { id: pending[0]!.id })).statusCode).toBe(200);
    expect((await ask("espera.cuatro")).statusCode).toBe(200);
    expect((await ask("espera.cinco")).statusCode).toBe(429);
  });
});
