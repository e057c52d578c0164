// Threat guarded (PCI DSS 10.3.2): the dashboard's own database role rewrites the audit trail (drops the append-only
// trigger, updates a row). The least-privilege setup of the deployment guide is exercised on a real PostgreSQL: the
// owner role migrates (DATABASE_MIGRATION_URL), the runtime role writes audit rows but cannot update, delete or
// disable the triggers, and start-up's check names a runtime role that owns the audit tables.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { openDatabase, type Database } from "../db/client";
import { appendAuditNow } from "./audit-log";
import { auditRoleFinding } from "./db-role";

const postgres = testDatabaseTargets().find((t) => t.name === "postgres");

describe.skipIf(!postgres)("least privilege for the audit tables on postgres", () => {
  let owner: TestDatabase;
  let runtime: Database;
  const role = `dash_app_${randomBytes(4).toString("hex")}`;
  const app = { url: "" };

  beforeAll(async () => {
    owner = await postgres!.open();
    const name = new URL(owner.url!).pathname.slice(1);
    // The guide's grants: everything the app uses, but only INSERT and SELECT on the audit tables.
    for (const statement of [
      `CREATE ROLE ${role} LOGIN`,
      `GRANT CONNECT ON DATABASE ${name} TO ${role}`,
      `GRANT USAGE ON SCHEMA public TO ${role}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
      `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_checkpoints FROM ${role}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
    ])
      await owner.db.execute(sql.raw(statement));
    const url = new URL(owner.url!);
    url.username = role;
    app.url = url.toString();
    runtime = await openDatabase({ url: app.url, migrationUrl: owner.url, dataDir: null });
  });
  afterAll(async () => {
    await runtime?.close();
    await owner?.db.execute(sql.raw(`DROP OWNED BY ${role}`));
    await owner?.db.execute(sql.raw(`DROP ROLE IF EXISTS ${role}`));
    await owner?.dispose();
  });

  /** The database's own refusal (Drizzle wraps it: "Failed query: …", the server's words in `cause`). */
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );

  it("the runtime role appends audit rows but cannot update, delete, truncate or disable the triggers", async () => {
    await appendAuditNow(runtime.db, { action: "least.privilege", summary: {} });
    expect(await refusal(runtime.db.execute(sql`update audit_log set action = 'x'`))).toMatch(/permission denied/);
    expect(await refusal(runtime.db.execute(sql`delete from audit_checkpoints`))).toMatch(/permission denied/);
    expect(await refusal(runtime.db.execute(sql`truncate audit_log`))).toMatch(/permission denied/);
    expect(await refusal(runtime.db.execute(sql`alter table audit_log disable trigger user`))).toMatch(/must be owner/);
  });

  it("start-up's check finds nothing wrong with the runtime role, and names an owner running the app", async () => {
    expect(await auditRoleFinding(runtime.db)).toBeNull();
    const finding = await auditRoleFinding(owner.db);
    expect(finding?.problems).toEqual(["owns audit_checkpoints", "owns audit_log"]);
  });

  it("without DATABASE_MIGRATION_URL the runtime role cannot migrate: the owner must", async () => {
    await expect(openDatabase({ url: app.url, dataDir: null })).rejects.toThrow();
  });
});
