// Integration tests of the audit log's chain banner on real databases. Rules guarded: reading it needs
// AUDIT_VIEW; an untouched log reports "verified" with its number of entries; an entry edited behind the
// append-only trigger is reported at that entry as a hash mismatch; a removed entry is reported at the next one as
// a link mismatch; the banner's words name the entry and the reason.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Principal } from "../../../auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { testPrincipal } from "../../../../tests/support/services.support";
import { auditChainStatus, chainBannerText } from "./chain-status";
import { clearAuditLog, seedAudit } from "../../../../tests/support/audit-fixtures.support";

describe.each(testDatabaseTargets())("audit chain banner on $name", (target) => {
  let database: TestDatabase;
  let auditor: Principal;
  const anchorDir = fs.mkdtempSync(path.join(os.tmpdir(), "chain-banner-"));
  const deps = () => ({ db: database.db, config: { auditChain: { anchorDir } } });

  // One database per target; each test starts from an empty log. Tampering cannot be undone through the chain (that
  // is the point), so the log is emptied past the append-only triggers, as only a test may, rather than repaired.
  beforeAll(async () => {
    database = await target.open();
    auditor = await testPrincipal(database.db, "Auditor", ["AUDIT_VIEW"]);
  });
  beforeEach(async () => {
    await clearAuditLog(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const seedFive = () =>
    seedAudit(
      database.db,
      Array.from({ length: 5 }, (_, i) => ({ action: "chain.test", actorEmail: "a@example.com", summary: { i } })),
    );

  /** An edit or removal by someone who got past the append-only trigger (as audit-log.test.ts does). */
  async function bypassingTrigger(statement: ReturnType<typeof sql>) {
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await database.db.execute(statement);
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
  }

  it("refuses a principal without AUDIT_VIEW", async () => {
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    await expect(auditChainStatus({ deps: deps(), principal: reader, ip: null })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("reports an untouched log as verified, with its number of entries", async () => {
    await seedFive();
    const report = await auditChainStatus({ deps: deps(), principal: auditor, ip: null });
    expect(report).toMatchObject({ ok: true, rows: 5, walked: 5, from: { kind: "start" }, problem: null });
    expect(chainBannerText(report)).toBe("Hash chain verified: 5 entries");
    expect(chainBannerText({ ...report, rows: 1 })).toBe("Hash chain verified: 1 entry");
  });

  it("reports an edited entry at that entry, as a hash mismatch", async () => {
    const rows = await seedFive();
    const victim = rows[2]!;
    await bypassingTrigger(sql`update audit_log set actor_email = 'someone-else@example.com' where id = ${victim.id}`);
    const report = await auditChainStatus({ deps: deps(), principal: auditor, ip: null });
    expect(report).toMatchObject({ ok: false, rows: 2, problem: { at: victim.id, reason: "hash_mismatch" } });
    expect(chainBannerText(report)).toBe(`Hash chain broken at entry #${victim.id} (hash mismatch)`);
  });

  it("reports a removed entry at the entry after it, as a link mismatch", async () => {
    const rows = await seedFive();
    await bypassingTrigger(sql`delete from audit_log where id = ${rows[1]!.id}`);
    const report = await auditChainStatus({ deps: deps(), principal: auditor, ip: null });
    expect(report).toMatchObject({ ok: false, rows: 1, problem: { at: rows[2]!.id, reason: "link_mismatch" } });
    expect(chainBannerText(report)).toBe(`Hash chain broken at entry #${rows[2]!.id} (link mismatch)`);
  });

  it("reports an empty log as verified with no entries", async () => {
    expect(await auditChainStatus({ deps: deps(), principal: auditor, ip: null })).toMatchObject({ ok: true, rows: 0, head: null });
  });

  it("names a truncation and an anchor-file problem in words, in English and Arabic", async () => {
    const base = await auditChainStatus({ deps: deps(), principal: auditor, ip: null });
    const truncated = { ...base, ok: false, problem: { reason: "truncated" as const, at: 42 } };
    expect(chainBannerText(truncated)).toBe("Hash chain broken at entry #42 (entries published in an anchor are missing)");
    expect(chainBannerText(truncated, { language: "ar", digits: "latn" })).toContain("قيود وردت في مرساة منشورة مفقودة");
    const forgedFile = { ...base, ok: false, problem: { reason: "anchor_forged" as const, at: null } };
    expect(chainBannerText(forgedFile)).toBe("Audit trail check failed (the anchor file holds a line not signed by the chain key)");
  });
});
