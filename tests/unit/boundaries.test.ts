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

  it("server routes never import a repository: only services talk to the data layer", () => {
    const offenders = files(join(root, "server/features"))
      .filter((file) => file.endsWith("routes.ts"))
      .flatMap((file) => imports(file).filter((spec) => spec.includes("repository")).map((spec) => `${relative(root, file)} → ${spec}`));
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
