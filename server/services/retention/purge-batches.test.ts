// Rules guarded (retention, batches and instances): a backlog larger than the batch size is purged completely, one
// bounded DELETE after another (never one statement over the whole backlog, which would hold its locks for the whole
// of it), including the gateway calls whose old kept rows sit among the purged ones. A pass stopped between batches
// keeps what it did (audited as interrupted) and the next pass finishes. On PostgreSQL, a pass that finds another
// instance's pass holding the lock deletes nothing, and two instances purging at once delete each row once, with one
// audit row.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { openDatabase, type Database } from "../../db/client";
import { countQueries } from "../../db/query-observer";
import { auditLog, gatewayCalls, gatewayNotifications } from "../../db/schema";
import { purgeOnce, RETENTION_LOCK_KEY } from "./purge";
import * as seed from "./retention-seed.support";

const { DAY_MS, ago } = seed;
const NOW = new Date("2032-01-20T06:00:00.000Z");
const OLD = ago(NOW, 400 * DAY_MS);

describe.each(testDatabaseTargets())("retention batches ($name)", (target) => {
  let database: TestDatabase;
  const kind = target.name;
  const deps = () => seed.retentionDeps(database.db, NOW);

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const oldNotifications = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => seed.seedNotification(database.db, new Date(OLD.getTime() + i * 1000))));
  const remaining = async (ids: number[]) =>
    (await database.db.select({ id: gatewayNotifications.id }).from(gatewayNotifications).where(inArray(gatewayNotifications.id, ids)))
      .length;
  const deletesOf = (statements: string[], table: string) => statements.filter((s) => s.trimStart().startsWith(`delete from "${table}"`));

  it("a backlog larger than the batch size goes completely, in several bounded statements", async () => {
    const ids = await oldNotifications(7);
    const { result, count } = await countQueries(() => purgeOnce(deps(), { databaseKind: kind, batchSize: 3 }));
    expect(await remaining(ids)).toBe(0);
    expect(result.deleted.notifications).toBe(7);
    // 3 + 3 + 1: the short batch ends the rule.
    expect(deletesOf(count.sql, "gateway_notifications")).toHaveLength(3);
    expect(deletesOf(count.sql, "gateway_notifications").every((s) => /\blimit\b/i.test(s))).toBe(true);
  });

  it("gateway calls: old rows a timeline needs, kept among the purged ones, do not stop the batches", async () => {
    const db = database.db;
    const purged: number[] = [];
    const kept: number[] = [];
    for (let i = 0; i < 7; i++) {
      const at = new Date(OLD.getTime() + i * 60_000);
      kept.push(await seed.seedCall(db, at, { operation: "capture", purpose: null }));
      purged.push(await seed.seedCall(db, new Date(at.getTime() + 1), { operation: "status", purpose: "page_view" }));
    }
    const { result, count } = await countQueries(() => purgeOnce(deps(), { databaseKind: kind, batchSize: 3 }));
    const left = await db
      .select({ id: gatewayCalls.id })
      .from(gatewayCalls)
      .where(inArray(gatewayCalls.id, [...purged, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    expect(result.deleted.gatewayCalls).toBe(7);
    expect(deletesOf(count.sql, "gateway_calls")).toHaveLength(3);
  });

  it("a pass stopped between batches keeps what it deleted, says so in its audit row, and the next pass finishes", async () => {
    const ids = await oldNotifications(7);
    let batches = 0;
    const stopped = await purgeOnce(deps(), { databaseKind: kind, batchSize: 3, shouldStop: () => batches++ > 0 });
    expect(stopped).toMatchObject({ interrupted: true, total: 3 });
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.id, stopped.auditId!));
    expect(row!.summary).toMatchObject({ interrupted: true, total: 3, deleted: { notifications: 3 } });
    expect(await remaining(ids)).toBe(4);

    const rest = await purgeOnce(deps(), { databaseKind: kind, batchSize: 3 });
    expect(rest).toMatchObject({ interrupted: false, total: 4 });
    expect(await remaining(ids)).toBe(0);
  });

  describe.runIf(kind === "postgres")("several instances", () => {
    let second: Database;
    beforeAll(async () => {
      second = await openDatabase({ url: database.url, dataDir: null, poolSize: 3 });
    });
    afterAll(async () => {
      await second?.close();
    });

    it("a pass that finds another instance's pass under way skips, deleting and auditing nothing", async () => {
      const ids = await oldNotifications(2);
      const skipped = await second.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_KEY.toString()}::bigint)`);
        return purgeOnce(deps(), { databaseKind: "postgres" });
      });
      expect(skipped).toMatchObject({ skipped: true, total: 0, auditId: null });
      expect(await remaining(ids)).toBe(2);
      expect(await purgeOnce(deps(), { databaseKind: "postgres" })).toMatchObject({ skipped: false, total: 2 });
    });

    it("two instances purging at once delete each row once and write one audit row", async () => {
      const ids = await oldNotifications(9);
      const other = seed.retentionDeps(second.db, NOW);
      const [a, b] = await Promise.all([
        purgeOnce(deps(), { databaseKind: "postgres", batchSize: 2 }),
        purgeOnce(other, { databaseKind: "postgres", batchSize: 2 }),
      ]);
      expect(a.total + b.total).toBe(9);
      expect([a.auditId, b.auditId].filter((id) => id !== null)).toHaveLength(1);
      expect(await remaining(ids)).toBe(0);
    });
  });
});
