// Rules guarded: the audit log is a hash chain that exposes tampering (an edited, deleted or re-ordered row is
// reported at the first broken link); the database refuses UPDATE and DELETE; concurrent writers never fork the
// chain; card data and secrets in a summary are redacted before they are stored.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { auditLog } from "../db/schema";
import { appendAuditNow, verifyAuditChain } from "./audit-log";

describe.each(testDatabaseTargets())("audit log on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("chains every row to the previous one, and verifies", async () => {
    const { db } = database;
    for (let i = 0; i < 5; i++) {
      await appendAuditNow(db, {
        action: "test.event",
        actorEmail: "a@example.com",
        targetType: "thing",
        targetId: String(i),
        summary: { i, nested: { b: 2, a: 1 } },
      });
    }
    expect(await verifyAuditChain(db)).toEqual({ ok: true, checked: 5 });
  });

  it("keeps the chain linear under concurrent writers", async () => {
    const { db } = database;
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendAuditNow(db, { action: "test.concurrent", summary: { i } })));
    const report = await verifyAuditChain(db);
    expect(report).toEqual({ ok: true, checked: 25 });
  });

  it("redacts card numbers, CVVs and secrets in the summary before storing", async () => {
    const { db } = database;
    const row = await appendAuditNow(db, {
      action: "test.redaction",
      summary: { note: "card 4111 1111 1111 1111 exp 05/38", cvv: "123", password: "hunter2hunter2", apiKey: "k-123" },
    });
    const text = JSON.stringify(row.summary);
    expect(text).not.toMatch(/4111 1111 1111 1111|4111111111111111|hunter2|k-123|"123"/);
  });

  it("is append-only at the database: UPDATE and DELETE are refused", async () => {
    const { db } = database;
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it("detects a row tampered with by someone who bypassed the trigger, at that row", async () => {
    const { db } = database;
    const rows = await db.select().from(auditLog).orderBy(auditLog.id);
    const victim = rows[3]!;
    await db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await db.execute(sql`update audit_log set summary = '{"i": 999}'::jsonb where id = ${victim.id}`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    expect(await verifyAuditChain(db)).toEqual({ ok: false, checked: 3, brokenAt: victim.id, reason: "hash_mismatch" });
  });

  it("detects a deleted row by the broken link of the next one", async () => {
    const fresh = await target.open();
    try {
      for (let i = 0; i < 4; i++) await appendAuditNow(fresh.db, { action: "test.delete", summary: { i } });
      const rows = await fresh.db.select().from(auditLog).orderBy(auditLog.id);
      await fresh.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
      await fresh.db.execute(sql`delete from audit_log where id = ${rows[1]!.id}`);
      expect(await verifyAuditChain(fresh.db)).toEqual({ ok: false, checked: 1, brokenAt: rows[2]!.id, reason: "link_mismatch" });
    } finally {
      await fresh.dispose();
    }
  });
});
