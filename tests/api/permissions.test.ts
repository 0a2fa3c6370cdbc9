import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPABILITIES, GROUPS, type GroupName } from "../../domain/permissions";
import { ApiClient, createTestApp, type TestApp } from "../helpers/app";
import { signIn } from "../helpers/factories";

let t: TestApp;
const clients = {} as Record<GroupName, ApiClient>;

beforeAll(async () => {
  t = await createTestApp();
  for (const group of GROUPS) clients[group] = (await signIn(t, group)).client;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[^/]+/g, "1");

describe("every API route declares who may call it", () => {
  it("has a permission declaration on each registered route", () => {
    const undeclared = t.app.routeTable.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(t.app.routeTable.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it("answers 401 without a token and 403 for each group that may not, on every guarded route", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.permission === "public" || !route.permission) continue;
      const url = concrete(route.url);
      const anonymous = await new ApiClient(t.app).request(route.method as "GET", url, route.method === "GET" ? undefined : {});
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${url} anonymous → ${anonymous.statusCode}`);
      const allowed = CAPABILITIES[route.permission] as readonly string[];
      for (const group of GROUPS) {
        const response = await clients[group].request(route.method as "GET", url, route.method === "GET" ? undefined : {});
        const refused = response.statusCode === 403;
        if (allowed.includes(group) === refused) failures.push(`${route.method} ${url} ${group} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
