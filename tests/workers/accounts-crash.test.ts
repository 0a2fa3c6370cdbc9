import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../server/db/rows";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { createClient } from "../helpers/catalog";
import { signIn } from "../helpers/factories";
import { spawnServer } from "../helpers/server-process";

const { redisUrl, missing } = inject("services");
const reason = missing.postgres ?? missing.redis ?? "";
const PAYMENTS = 60;
const AT_ONCE = 6;

let t: TestApp;
let access = "";
let clientId = 0;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  if (reason) return;
  t = await createTestApp();
  const admin = await signIn(t, "Admin");
  access = admin.access;
  clientId = (await createClient(admin.client, { name: "Almacén Caída" })).id;
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  await t?.close();
});

/** One payment as the office's phone sends it to the API process on `port`; null when the connection dropped. */
async function pay(port: number, key: string, centavos: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/clients/${clientId}/payments/`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${access}`,
        "content-type": "application/json",
        cookie: "csrftoken=crash",
        "x-csrftoken": "crash",
        "idempotency-key": key,
      },
      body: JSON.stringify({ amount: centavos / 100, payment_method_id: 2 }),
    });
    return { status: response.status, id: ((await response.json()) as { id?: number }).id ?? null };
  } catch {
    return null;
  }
}

/** Sends every payment, AT_ONCE at a time; `onAnswer` hears how many were recorded so far after each one. */
async function sendAll(port: number, payments: { key: string; centavos: number }[], onAnswer = (_: number) => {}) {
  const answers = new Map<string, { status: number; id: number | null } | null>();
  let next = 0;
  const lane = async () => {
    while (next < payments.length) {
      const payment = payments[next++]!;
      const answer = await pay(port, payment.key, payment.centavos);
      answers.set(payment.key, answer);
      if (answer?.status === 201) onAnswer([...answers.values()].filter((a) => a?.status === 201).length);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return answers;
}

const ledger = async () => {
  const result = await t.runtime.database.db.execute(sql`
    select (select count(*)::int from account_movements where client_id = ${clientId}) as movements,
      (select sum(amount)::text from account_movements where client_id = ${clientId}) as total,
      (select balance::text from client_accounts where client_id = ${clientId}) as balance`);
  return rowsOf<{ movements: number; total: string | null; balance: string }>(result)[0]!;
};

describe("a client's account when the API process is killed -9 in the middle of payments", () => {
  it.skipIf(!!reason)(
    `keeps every acknowledged payment once, the retried ones once, and the balance equal to the sum of its movements ${reason}`,
    async () => {
      const payments = Array.from({ length: PAYMENTS }, (_, i) => ({ key: randomUUID(), centavos: 10_001 + i * 37 }));
      const first = await spawnServer({ databaseUrl: t.databaseUrl!, redisUrl: redisUrl! });
      servers.push(first.child);
      const before = await sendAll(first.port, payments, (recorded) => {
        if (recorded === PAYMENTS / 3) first.child.kill("SIGKILL");
      });
      await first.exited;
      const acknowledged = [...before].filter(([, answer]) => answer?.status === 201);
      expect(acknowledged.length).toBeGreaterThanOrEqual(PAYMENTS / 3);
      expect(acknowledged.length).toBeLessThan(PAYMENTS);

      // What was saved before the kill adds up: nothing half-written.
      const crashed = await ledger();
      expect(crashed.balance).toBe(crashed.total);

      // The phone retries everything it sent, with the same keys, once the process is back.
      const second = await spawnServer({ databaseUrl: t.databaseUrl!, redisUrl: redisUrl! });
      servers.push(second.child);
      const after = await sendAll(second.port, payments);
      expect([...after.values()].every((answer) => answer?.status === 201)).toBe(true);
      for (const [key, answer] of acknowledged) expect(after.get(key)!.id).toBe(answer!.id);

      const settled = await ledger();
      const owed = -payments.reduce((sum, p) => sum + p.centavos, 0) / 100;
      expect(settled.movements).toBe(PAYMENTS);
      expect(settled.total).toBe(owed.toFixed(2));
      expect(settled.balance).toBe(settled.total);
      second.child.kill("SIGKILL");
    },
    // Each start compiles the server with tsx: tens of seconds on a busy machine.
    180_000,
  );
});
