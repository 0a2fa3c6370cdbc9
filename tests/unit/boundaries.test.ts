import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const imports = (file: string) => [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);

describe("code boundaries (STYLE.md §14)", () => {
  it("web features never import each other", () => {
    const offenders = files(join(root, "web/src/features")).flatMap((file) =>
      imports(file)
        .filter((spec) => /^\.\.\/[a-z-]+\//.test(spec))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("web components never call HTTP: each feature's calls live in its api/ folder, its query keys in api/keys.ts", () => {
    // Features whose data layer moves with their own work (orders, boards, home) join this rule then.
    const pending = new Set(["orders", "dispatch", "preparation", "home"]);
    const offenders = files(join(root, "web/src/features"))
      .filter((file) => !pending.has(relative(join(root, "web/src/features"), file).split("/")[0]!))
      .filter((file) => !file.includes("/api/"))
      .flatMap((file) => {
        const text = readFileSync(file, "utf8");
        const http = [...text.matchAll(/import\s*{([^}]*)}\s*from\s*"[./]*api\/http"/g)].filter((m) =>
          m[1]!.split(",").some((name) => name.trim() !== "saveFile"),
        );
        const found = [
          ...http.map(() => "imports the HTTP client"),
          ...(/\bfetch\(/.test(text) ? ["calls fetch"] : []),
          ...(/queryKey:\s*\[/.test(text) ? ["spells a query key"] : []),
        ];
        return found.map((what) => `${relative(root, file)} ${what}`);
      });
    expect(offenders).toEqual([]);
  });

  it("server routes never import a repository: only services talk to the data layer", () => {
    const offenders = files(join(root, "server/features"))
      .filter((file) => file.endsWith("routes.ts"))
      .flatMap((file) =>
        imports(file)
          .filter((spec) => spec.includes("repository"))
          .map((spec) => `${relative(root, file)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("domain/ stays pure: no server, web, database or framework imports", () => {
    const offenders = files(join(root, "domain")).flatMap((file) =>
      imports(file)
        .filter((spec) => spec !== "zod" && !spec.startsWith("./") && !spec.startsWith("../"))
        .concat(imports(file).filter((spec) => /(server|web|drizzle)\//.test(spec)))
        .map((spec) => `${relative(root, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
