import postgres from "postgres";
import { seedReference } from "../drizzle/seed";
import { openDatabase } from "../server/db/client";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const administer = () => postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
const dropStatement = (name: string) => `drop database if exists "${name}" with (force)`;

/** A fresh Postgres database for one benchmark (BENCH_POSTGRES_URL, default the local server). */
export async function freshBenchDatabase(name: string) {
  const admin = administer();
  await admin.unsafe(dropStatement(name));
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await seedReference(database.db);
  return { database, url: url.toString() };
}

/** Drops a benchmark's database once it is done (a per-process name would otherwise pile up). */
export async function dropBenchDatabase(name: string) {
  const admin = administer();
  await admin.unsafe(dropStatement(name));
  await admin.end();
}
