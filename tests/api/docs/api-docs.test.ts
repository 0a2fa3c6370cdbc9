import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { summary?: string; security?: unknown[]; responses: Record<string, unknown> };
const HTTP_METHODS = ["get", "post", "put", "patch", "delete"];

async function openApiDocument() {
  const response = await new ApiClient(t.app).get("/api/docs/json");
  expect(response.statusCode).toBe(200);
  return response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
}

function operations(document: Awaited<ReturnType<typeof openApiDocument>>) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, operation })),
  );
}

describe("the API reference at /api/docs", () => {
  it("is a page anyone can open, whose scripts are this server's files under the app's CSP", async () => {
    const page = await new ApiClient(t.app).get("/api/docs");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'(;| )/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const src of page.body.matchAll(/<script src="([^"]+)"/g)) {
      const script = await new ApiClient(t.app).get(new URL(src[1]!, "http://x/api/docs/").pathname);
      expect(script.statusCode, src[1]).toBe(200);
    }
  });

  it("documents every registered API route with a summary and the errors it can answer", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const documented = new Set(operations(document).map((o) => o.name));
    const routes = t.app.routeTable.filter((route) => !route.url.startsWith("/api/docs") && route.url !== "/api/ws");
    const missing = routes
      .map((route) => `${route.method} ${route.url.replace(/:([^/]+)/g, "{$1}")}`)
      .filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
    const withoutSummary = operations(document)
      .filter(({ operation }) => !operation.summary?.trim())
      .map((o) => o.name);
    expect(withoutSummary).toEqual([]);
    for (const { name, path, operation } of operations(document)) {
      expect(operation.responses["503"], name).toBeDefined();
      if (operation.security?.length) expect(operation.responses["401"], name).toBeDefined();
      if (path.includes("{")) expect(operation.responses["404"], name).toBeDefined();
    }
  });

  it("passes Redocly's recommended OpenAPI lint with no error", async () => {
    const document = await openApiDocument();
    // SPEC.md fixes the paths word for word, trailing slashes included.
    const config = await createConfig({ extends: ["recommended"], rules: { "no-path-trailing-slash": "off" } });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
    expect(errors).toEqual([]);
  });
});

describe("the API reference in production mode", () => {
  it("needs an Admin's token for the page and the document (issue 39)", async () => {
    const production = await createTestApp({ redis: true });
    try {
      if (production.config.mode !== "production") return;
      for (const path of ["/api/docs", "/api/docs/json"]) {
        expect((await new ApiClient(production.app).get(path)).statusCode, path).toBe(401);
        expect((await (await signIn(production, "Vendedor")).client.get(path)).statusCode, path).toBe(403);
        expect((await (await signIn(production, "Admin")).client.get(path)).statusCode, path).toBe(200);
      }
    } finally {
      await production.close();
    }
  });
});
