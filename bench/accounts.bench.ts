/**
 * Client accounts (issue 44) through the API (HTTP on loopback, auth, validation, running
 * balances, aging) against the SQL that reads the same rows run directly with postgres.js: one
 * client's first page of 50 movements out of 5,000, and the debtors list's first page of 100
 * over 20,000 clients that owe, each with a few movements. Targets: p99 ≤ 20 ms and ≤ 100 ms.
 */
import postgres from "postgres";
import { Agent } from "undici";
import { insertBenchUsers, listenBenchApp, signedGet } from "./bench-api";
import { freshBenchDatabase } from "./bench-database";
import { loadAverages, measureLatency, p99Verdict, printAgainstRaw } from "./latency";

const CLIENTS = 20_000;
const MOVEMENTS = 5_000;
const TARGETS = { account: 20, debtors: 100 };

/** Every client owes: two debits and a payment each, over the last 90 days; client 1 has 5,000 movements. */
async function seed(sql: postgres.Sql, userId: number) {
  await sql.unsafe(`
    insert into clients (name, search_name, address, city_id, shipment_id, phone)
    select 'Cliente ' || i, 'cliente ' || i, 'Calle ' || i, 2, 1 + i % 7, '11 5555-' || lpad((i % 10000)::text, 4, '0')
    from generate_series(1, ${CLIENTS}) i`);
  await sql.unsafe(`
    insert into account_movements (client_id, date, kind, amount, pay_method_id, created_by)
    select c, current_date - ((c * 7 + k * 13) % 90), case when k = 3 then 'pago' else 'pedido' end,
      case when k = 3 then -(500 + c % 100) else 1000 + (c * k) % 5000 end, case when k = 3 then 1 end, ${userId}
    from generate_series(2, ${CLIENTS}) c, generate_series(1, 3) k`);
  await sql.unsafe(`
    insert into account_movements (client_id, date, kind, amount, pay_method_id, created_by)
    select 1, current_date - (i % 700), case when i % 3 = 0 then 'pago' else 'pedido' end,
      case when i % 3 = 0 then -(800 + i % 50) else 1200 + i % 300 end, case when i % 3 = 0 then 2 end, ${userId}
    from generate_series(1, ${MOVEMENTS}) i`);
  await sql.unsafe(`
    insert into client_accounts (client_id, balance, oldest_debt_date)
    select client_id, sum(amount), min(date) from account_movements group by client_id`);
  await sql.unsafe("analyze");
}

export async function run() {
  const { database, url } = await freshBenchDatabase("frio_bench_accounts");
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const [admin] = await insertBenchUsers(database, 1, ["bench"]);
  await seed(sql, admin!.id);
  const { base, close } = await listenBenchApp(database);
  const agent = new Agent({ connections: 4 });
  const get = await signedGet(base, agent, "bench");
  const ok = async (path: string) => {
    const { status } = await get(path);
    if (status !== 200) throw new Error(`${path}: ${status}`);
  };

  const rawAccount = await measureLatency(
    () => sql`select m.id, m.date::text, m.kind, m.amount::text, m.note from account_movements m
      where m.client_id = 1 order by m.date desc, m.id desc limit 50`,
  );
  const apiAccount = await measureLatency(() => ok("/api/clients/1/account/?limit=50"));
  const rawDebtors = await measureLatency(
    () => sql`select a.client_id, c.name, a.balance::text, a.oldest_debt_date::text from client_accounts a
      join clients c on c.id = a.client_id where a.oldest_debt_date is not null and a.balance >= 0.01
      order by a.oldest_debt_date, a.client_id limit 100`,
  );
  const apiDebtors = await measureLatency(() => ok("/api/accounts/"));

  printAgainstRaw(`account, 50 of ${MOVEMENTS} movements`, apiAccount, rawAccount);
  printAgainstRaw(`debtors, 100 of ${CLIENTS} clients`, apiDebtors, rawDebtors);
  console.log(
    `account p99 ${p99Verdict(apiAccount.p99, TARGETS.account)}; debtors p99 ${p99Verdict(apiDebtors.p99, TARGETS.debtors)}`,
  );
  console.log(`load average: ${loadAverages()}`);

  await close();
  await sql.end();
  await agent.close();
}
