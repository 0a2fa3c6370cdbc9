import postgres from "postgres";
import { seedReference } from "../drizzle/seed";
import { openDatabase } from "../server/db/client";

/** A fresh Postgres database for one benchmark (BENCH_POSTGRES_URL, default the local server). */
export async function freshBenchDatabase(name: string) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await seedReference(database.db);
  return { database, url: url.toString() };
}
