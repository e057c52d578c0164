// Rules guarded: after PostgreSQL ended a pooled connection (a restart, a failover, pg_terminate_backend), the next
// plain read on the pool works: it is tried once more on a fresh connection, never a write (a write that draws the
// dead connection fails and the route answers 503, as before); a transaction whose BEGIN drew it is begun again,
// its body run once. postgres.js replays a backend's 57P01 onto the next query after a kill during a query: this
// test makes exactly that happen, with pg_terminate_backend on the test's own database (real server, real driver).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { openDatabase, type Database } from "./client";
import { isRetryableRead } from "./retry-reads";
import { rawRows } from "./raw-rows";
import { users } from "./schema";

describe("which statements may run twice", () => {
  it.each([
    ['select "id", "email" from "users" where "users"."id" = $1', true],
    ["  SELECT count(*) FROM payments", true],
    ['insert into "users" ("email") values ($1)', false],
    ['update "sessions" set "ended_at" = now()', false],
    ["with moved as (update payments set x = 1 returning *) select * from moved", false],
    ['select * from "payments" where id = $1 for update', false],
    ["select * from jobs for no key update skip locked", false],
    ["select pg_notify('principal_changed', 'x')", false],
    ["select pg_try_advisory_xact_lock(42)", false],
    ["select nextval('invoice_seq')", false],
  ])("%s → %s", (query, retried) => {
    expect(isRetryableRead(query)).toBe(retried);
  });
});

const postgresTargets = testDatabaseTargets().filter((t) => t.name === "postgres");
if (!postgresTargets.length) console.log("[read retry test] PostgreSQL part skipped: TEST_POSTGRES_URL is not set");

describe.each(postgresTargets)("a connection the server ended, on $name", (target) => {
  let database: TestDatabase;
  let pool: Database; // one connection, so the killed one is the one the next statement draws
  let killer: Database;

  beforeAll(async () => {
    database = await target.open();
    pool = await openDatabase({ url: database.url, dataDir: null, poolSize: 1 });
    killer = await openDatabase({ url: database.url, dataDir: null, poolSize: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await killer?.close();
    await database?.dispose();
  });

  /** Runs a statement that waits on the server, and terminates its backend while it waits. */
  async function killDuringAQuery(): Promise<void> {
    const tag = `kill_me_${Math.random().toString(36).slice(2)}`;
    // Not a plain select (a CTE), so it is not retried itself: its failure is the kill.
    const waiting = pool.db.execute(sql.raw(`with w as (select pg_sleep(30) as ${tag}) select * from w`)).then(
      () => null,
      (e: unknown) => e,
    );
    let pid: number | undefined;
    for (let i = 0; i < 500 && pid === undefined; i++) {
      const rows = rawRows<{ pid: number }>(
        await killer.db.execute(sql`select pid from pg_stat_activity where query like ${`%${tag}%`} and pid <> pg_backend_pid()`),
      );
      pid = rows[0]?.pid;
      if (pid === undefined) await new Promise((r) => setTimeout(r, 10));
    }
    expect(pid, "the waiting statement reached the server").toBeDefined();
    await killer.db.execute(sql`select pg_terminate_backend(${pid!})`);
    const error = (await waiting) as { code?: string; cause?: { code?: string } } | null;
    // The killed statement itself fails: with the server's 57P01, or, as postgres.js reports it when the socket
    // closes before the error's end of query, CONNECTION_CLOSED (and keeps the 57P01 for the next query).
    expect(["57P01", "CONNECTION_CLOSED"]).toContain(error?.cause?.code ?? error?.code);
  }

  beforeEach(async () => {
    // Whatever the last test left, the pool starts on a live connection.
    await pool.db.execute(sql`select 1`);
  });

  it("a plain read after the kill answers (tried again on a fresh connection)", async () => {
    await killDuringAQuery();
    const rows = await pool.db.select({ id: users.id }).from(users).limit(1);
    expect(Array.isArray(rows)).toBe(true);
    expect(rawRows<{ one: number }>(await pool.db.execute(sql`select 1 as one`))[0]?.one).toBe(1);
  });

  it("a write after the kill is never run twice: it either ran once or failed, and the next read answers", async () => {
    await killDuringAQuery();
    const email = `retry-${Math.random().toString(36).slice(2)}@test.example`;
    const outcome = await pool.db
      .insert(users)
      .values({ email, name: "Once" })
      .then(
        () => "inserted",
        (e: unknown) => ((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) as string,
      );
    const [row] = rawRows<{ n: number }>(await pool.db.execute(sql`select count(*)::int as n from users where email = ${email}`));
    // The driver's replayed error may fall on this insert: then it failed as a 503 would say, and nothing retried it.
    expect(outcome === "inserted" ? row?.n : outcome).toBe(outcome === "inserted" ? 1 : "57P01");
    if (outcome !== "inserted") expect(row?.n).toBe(0);
  });

  it("a transaction begun after the kill runs its body once and commits", async () => {
    await killDuringAQuery();
    let bodies = 0;
    const email = `tx-${Math.random().toString(36).slice(2)}@test.example`;
    await pool.db.transaction(async (tx) => {
      bodies += 1;
      await tx.insert(users).values({ email, name: "Tx" });
    });
    expect(bodies).toBe(1);
    const [row] = rawRows<{ n: number }>(await pool.db.execute(sql`select count(*)::int as n from users where email = ${email}`));
    expect(row?.n).toBe(1);
  });
});
