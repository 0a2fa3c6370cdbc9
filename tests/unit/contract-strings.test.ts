import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CreateClientRequest } from "@domain/contracts/clients";
import { NUL_MESSAGE, text } from "@domain/contracts/text";

const root = join(import.meta.dirname, "../..");
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("every string of every contract refuses a NUL byte", () => {
  it("text() is z.string with the NUL check, its other checks kept", () => {
    expect(text().safeParse("a\u0000b").error?.issues).toEqual([expect.objectContaining({ message: NUL_MESSAGE })]);
    expect(text().trim().min(1).max(3).safeParse(" abc ").data).toBe("abc");
    expect(text().max(3).safeParse("abcd").success).toBe(false);
  });

  it("no contract or route declares a string without it", () => {
    const offenders = [...sources("domain/contracts"), ...sources("server/features")]
      .filter((file) => !file.endsWith("contracts/text.ts"))
      .filter((file) => /\bz\s*\.\s*(coerce\s*\.\s*)?string\(/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("a contract with refinements names the field holding the NUL", () => {
    const result = CreateClientRequest.safeParse({
      name: "Ana\u0000 Pérez",
      address: "Mitre 1",
      city: 1,
      shipment: 1,
      phone: "1",
    });
    expect(result.error?.issues.find((issue) => issue.path[0] === "name")?.message).toBe(NUL_MESSAGE);
  });
});
