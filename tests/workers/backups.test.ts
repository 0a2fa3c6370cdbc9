import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { backupKind } from "../../server/features/backups/archive";
import { TEST_JWT_SECRET } from "../helpers/app";
import { openTestDatabase } from "../helpers/database";
import { embeddedEnv, OPERATOR, readLedger, writeLedger, type Ledger } from "../helpers/embedded-server";
import { compiledEntry, runCompiled, startServer, type ServerProcess } from "../helpers/server-process";
import { eventually } from "../helpers/worker-process";

const { postgresUrl, redisUrl, missing } = inject("services");
/** A first embedded start initialises PGlite and seeds the demo data: minutes on a loaded machine. Never a measure. */
const PROCESS_TIMEOUT_MS = 300_000;

const scratch = mkdtempSync(join(tmpdir(), "frio-backups-"));
const dir = (name: string) => join(scratch, name);
const running: ServerProcess[] = [];
afterAll(() => {
  running.forEach((server) => {
    server.child.kill("SIGKILL");
  });
  rmSync(scratch, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` as the compiled command line tools; their exit code and what they printed. */
async function tool(name: "backup" | "restore", file: string, env: Record<string, string>) {
  const run = runCompiled(join(await compiledEntry("server"), "..", "cli", `${name}.js`), env, [file]);
  return { code: await run.exited, output: run.output() };
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("embedded backups", () => {
  const backupDir = dir("scheduled");
  const source = dir("source");
  let server: ServerProcess;
  let ledger: Ledger;

  beforeAll(async () => {
    mkdirSync(backupDir);
    for (const old of ["frio-20200101-000000.tar", "frio-20200102-000000.tar", "frio-20200103-000000.tar", "notas.txt"])
      writeFileSync(join(backupDir, old), "old");
    server = await start({
      ...embeddedEnv(source),
      BACKUP_DIR: backupDir,
      BACKUP_EVERY_MINUTES: "0.05",
      BACKUP_KEEP: "2",
    });
    ledger = await writeLedger(server.url);
  }, PROCESS_TIMEOUT_MS);

  it(
    "a scheduled backup appears every BACKUP_EVERY_MINUTES and only the newest BACKUP_KEEP of them stay",
    async () => {
      const ours = () =>
        readdirSync(backupDir).filter((name) => name.startsWith("frio-") && !name.endsWith(".partial"));
      expect(
        await eventually(
          async () => ours().length === 2 && ours().every((name) => !name.startsWith("frio-2020")),
          60_000,
        ),
      ).toBe(true);
      expect(readdirSync(backupDir)).toContain("notas.txt");
      for (const name of ours()) expect(await backupKind(join(backupDir, name))).toBe("embedded");
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "npm run backup while the app runs, restored into an empty data directory: the app starts there with the same order and stock",
    async () => {
      const file = join(scratch, "running.tar");
      const backup = await tool("backup", file, embeddedEnv(source));
      expect(backup).toMatchObject({ code: 0, output: expect.stringContaining(`Backup written to ${file}`) });

      const target = dir("restored");
      expect(await tool("restore", file, embeddedEnv(target))).toMatchObject({ code: 0 });
      const refused = await tool("restore", file, embeddedEnv(target));
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain(`El directorio de datos ${target} ya tiene datos: restaurá en uno vacío.`);

      const restored = await start(embeddedEnv(target));
      expect(await readLedger(restored.url, ledger)).toEqual(await readLedger(server.url, ledger));
      await stop(restored);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "with the app stopped, npm run backup reads the data directory itself",
    async () => {
      await stop(server);
      const file = join(scratch, "stopped.tar");
      expect(await tool("backup", file, embeddedEnv(source))).toMatchObject({ code: 0 });
      expect(await backupKind(file)).toBe("embedded");
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe("production backups", () => {
  const reason = missing.postgres ?? missing.redis ?? "";
  it.skipIf(!!reason)(
    `pg_dump while the app runs, pg_restore into an empty database: the app starts there with the same order, stock, events and users; a database with data is refused ${reason}`,
    async () => {
      const source = await openTestDatabase();
      await source.handle.close();
      const emptyName = `frio_restore_${randomBytes(4).toString("hex")}`;
      const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${emptyName}"`);
      const targetUrl = Object.assign(new URL(postgresUrl!), { pathname: `/${emptyName}` }).toString();
      const env = (url: string) => ({
        DATABASE_URL: url,
        REDIS_URL: redisUrl!,
        DATA_DIR: dir("production"),
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_USERNAME: OPERATOR.username,
        ADMIN_PASSWORD: OPERATOR.password,
      });
      try {
        const server = await start(env(source.url!));
        const ledger = await writeLedger(server.url);
        const file = join(scratch, "production.dump");
        expect(await tool("backup", file, env(source.url!))).toMatchObject({ code: 0 });
        expect(await backupKind(file)).toBe("production");

        expect(await tool("restore", file, env(targetUrl))).toMatchObject({ code: 0 });
        const refused = await tool("restore", file, env(targetUrl));
        expect(refused.code).not.toBe(0);
        expect(refused.output).toContain(`La base de datos ${emptyName} ya tiene datos`);

        const restored = await start(env(targetUrl));
        expect(await readLedger(restored.url, ledger)).toEqual(await readLedger(server.url, ledger));
        const counts = async (url: string) => {
          const sql = postgres(url, { max: 1, onnotice: () => {} });
          const [row] =
            await sql`select (select count(*) from order_events)::int as events, (select count(*) from users)::int as users, (select count(*) from orders)::int as orders`;
          await sql.end();
          return row;
        };
        expect(await counts(targetUrl)).toEqual(await counts(source.url!));
        await Promise.all([stop(server), stop(restored)]);
      } finally {
        await source.drop();
        await admin.unsafe(`drop database if exists "${emptyName}" with (force)`);
        await admin.end();
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

it(
  "a data directory with no data is not backed up",
  async () => {
    const empty = dir("empty");
    const result = await tool("backup", join(scratch, "nothing.tar"), embeddedEnv(empty));
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`${empty} no tiene datos.`);
    expect(existsSync(join(scratch, "nothing.tar"))).toBe(false);
  },
  PROCESS_TIMEOUT_MS,
);
