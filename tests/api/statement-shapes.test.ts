import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardRows, linesOfOrders } from "../../server/features/order-read-model";
import { createTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Every query is a prepared statement, kept per connection for its life (in postgres.js and
 * in the Postgres backend): a query whose text changed with the number of ids grew memory
 * with every new count. One shape, whatever the count.
 */
describe("queries over lists of ids keep one statement shape", () => {
  it("the pick lists' lines of 3 or 3,000 orders", async () => {
    const { db } = t.runtime.database;
    const sqlOf = (n: number) => (linesOfOrders(db, ids(n)) as unknown as { toSQL(): { sql: string } }).toSQL().sql;
    expect(sqlOf(3)).toBe(sqlOf(3_000));
    expect(await linesOfOrders(db, ids(3_000))).toEqual([]);
  });

  it("the boards' rows of a few or many orders and statuses", () => {
    const { db } = t.runtime.database;
    const sqlOf = (orders: number, statuses: number[]) =>
      boardRows(db, { statusIds: statuses, ids: ids(orders) }).toSQL().sql;
    expect(sqlOf(2, [1])).toBe(sqlOf(700, [1, 5, 6]));
  });
});
