// Rule guarded (operators): the metrics' pool figures tell a transaction holding its connection from one waiting for
// it, and count the wait. A pool of one connection, two transactions at once: while the first holds the connection
// (the test keeps it open), the second is counted as waiting and its body has not started; once the first ends, the
// second runs, and the summed wait covers at least the time it was kept waiting. A transaction that throws gives its
// connection back to the figures too. Real databases: PGlite (one connection by nature), and PostgreSQL when set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { openDatabase, type Database } from "./client";
import { databaseActivity } from "./query-observer";

const HELD_MS = 150;

describe.each(testDatabaseTargets())("the pool's use, on $name", (target) => {
  let database: TestDatabase;
  let pool: Database; // PostgreSQL: a pool of one connection of its own; PGlite: the file's database (one connection)

  beforeAll(async () => {
    database = await target.open();
    pool = database.url ? await openDatabase({ url: database.url, dataDir: null, poolSize: 1 }) : database;
  });
  afterAll(async () => {
    if (pool !== database) await pool?.close();
    await database?.dispose();
  });

  it("holding and waiting are told apart, and the wait is counted once the connection comes", async () => {
    const before = databaseActivity();
    expect(before.poolSize).toBe(1);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstHolds!: () => void;
    const firstHolding = new Promise<void>((resolve) => (firstHolds = resolve));
    const first = pool.db.transaction(async (tx) => {
      firstHolds();
      await tx.execute(sql`select 1`);
      await released;
    });
    await firstHolding;
    let secondStarted = false;
    const second = pool.db.transaction(async (tx) => {
      secondStarted = true;
      await tx.execute(sql`select 1`);
    });
    await new Promise((r) => setTimeout(r, HELD_MS)); // the second cannot start meanwhile: the one connection is held
    const meanwhile = databaseActivity();
    expect(secondStarted).toBe(false);
    expect(meanwhile.openTransactions - before.openTransactions).toBe(1);
    expect(meanwhile.waitingTransactions - before.waitingTransactions).toBe(1);
    release();
    await Promise.all([first, second]);
    const after = databaseActivity();
    expect(secondStarted).toBe(true);
    expect(after.openTransactions).toBe(before.openTransactions);
    expect(after.waitingTransactions).toBe(before.waitingTransactions);
    expect(after.transactionsStarted - before.transactionsStarted).toBe(2);
    expect(after.transactionWaitSeconds - before.transactionWaitSeconds).toBeGreaterThanOrEqual((HELD_MS - 5) / 1000);
  });

  it("a transaction that throws is no longer counted as holding its connection", async () => {
    const before = databaseActivity();
    await expect(
      pool.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error("the body failed");
      }),
    ).rejects.toThrow("the body failed");
    const after = databaseActivity();
    expect(after.openTransactions).toBe(before.openTransactions);
    expect(after.waitingTransactions).toBe(before.waitingTransactions);
    expect(after.transactionsStarted - before.transactionsStarted).toBe(1);
  });
});
