import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type ApiClient, type TestApp } from "../../helpers/app";
import { askForAccount } from "../../helpers/registration";
import { signIn } from "../../helpers/factories";

/** Issue 39, item 11: the requests awaiting approval came all at once, however many. */
let t: TestApp;
let admin: ApiClient;
const NAMES = Array.from({ length: 12 }, (_, i) => `pagina.${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, "Admin")).client;
  for (const username of NAMES) expect((await askForAccount(t.app, username)).statusCode).toBe(200);
});
afterAll(() => t.close());

type Page = { registration_requests: { id: number; username: string }[]; count?: number; active_users: unknown[] };
const page = async (query: string): Promise<Page> => {
  const response = await admin.get(`/api/admin/approvals/?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("the approvals list answers a page of the requests awaiting approval", () => {
  it("12 requests in pages of 5: every one once, oldest first, with the count on each page", async () => {
    const pages = await Promise.all([0, 5, 10].map((offset) => page(`limit=5&offset=${offset}&with_count=true`)));
    expect(pages.map((p) => p.registration_requests.length)).toEqual([5, 5, 2]);
    expect(pages.map((p) => p.count)).toEqual([12, 12, 12]);
    expect(pages.flatMap((p) => p.registration_requests.map((r) => r.username))).toEqual(NAMES);
    // The active users and groups come whole on every page: the screen's other table needs them.
    expect(pages[2]!.active_users.length).toBeGreaterThan(0);
  });

  it("without paging it answers as SPEC.md says, without a count, and refuses a page beyond its bounds", async () => {
    const plain = await page("");
    expect(plain.registration_requests).toHaveLength(12);
    expect(plain.count).toBeUndefined();
    expect((await admin.get("/api/admin/approvals/?limit=101")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/approvals/?offset=-1")).statusCode).toBe(400);
  });
});
