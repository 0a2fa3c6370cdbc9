import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { readFunctionFiles } from "../../server/db/functions";
import { FUNCTIONS_FOLDER } from "../../server/paths";
import { rowsOf } from "../../server/db/rows";
import { openTestDatabase } from "../helpers/database";

const files = readFunctionFiles(FUNCTIONS_FOLDER);

describe.each([
  { kind: "postgres", embedded: false },
  { kind: "embedded", embedded: true },
])("database functions from drizzle/functions ($kind)", ({ embedded }) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const folder = mkdtempSync(join(tmpdir(), "frio-functions-"));
  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase({ embedded }));
    cpSync(FUNCTIONS_FOLDER, folder, { recursive: true });
  });
  afterAll(async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const query = async <T>(text: string) => rowsOf<T>(await handle.db.execute(sql.raw(text)));
  /** Each function's stored body and row version: a replaced function gets a new row version. */
  const definitions = async () =>
    new Map(
      (
        await query<{ name: string; body: string; version: string }>(
          `select proname as name, prosrc as body, xmin::text as version from pg_proc
         where pronamespace = 'public'::regnamespace and proname in (${files.map((f) => `'${f.name}'`).join(", ")})`,
        )
      ).map((row) => [row.name, row]),
    );
  const migrate = async (from: string) => {
    const logged: string[] = [];
    await handle.migrate((message) => logged.push(message), from);
    return logged;
  };

  it("a migrated database runs each function as its file states it, not as an older migration did", async () => {
    const defined = await definitions();
    expect([...defined.keys()].sort()).toEqual(files.map((f) => f.name));
    for (const file of files) expect(file.text).toContain(defined.get(file.name)!.body);
    const applied = await query<{ name: string; sha256: string }>(
      "select name, sha256 from drizzle.applied_functions order by name",
    );
    expect(applied).toEqual(files.map(({ name, sha256 }) => ({ name, sha256 })));
  });

  it("applies a changed function file on the next start and leaves the unchanged ones alone", async () => {
    const before = await definitions();
    expect(await migrate(folder)).toEqual([]);
    expect(await definitions()).toEqual(before);

    const changed = join(folder, "apply_stock.sql");
    writeFileSync(changed, readFileSync(changed, "utf8").replace("BEGIN\n", "BEGIN\n  -- changed in one file\n"));
    expect(await migrate(folder)).toEqual(["functions applied: apply_stock"]);
    const after = await definitions();
    expect(after.get("apply_stock")!.body).toContain("changed in one file");
    for (const file of files.filter((f) => f.name !== "apply_stock"))
      expect(after.get(file.name)).toEqual(before.get(file.name));

    expect(await migrate(folder)).toEqual([]);
    expect(await definitions()).toEqual(after);
  });
});
