// Test support for the audit log services: entries appended through the real chain (appendAuditNow, chosen
// times), and a reset that gets past the append-only triggers the way only a test may.
import { sql } from "drizzle-orm";
import { appendAuditNow, type AuditEntry } from "../../server/audit/audit-log";
import type { Db } from "../../server/db/client";
import type { AuditRow } from "../../server/db/schema";

export async function seedAudit(db: Db, entries: AuditEntry[]): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  for (const e of entries) rows.push(await appendAuditNow(db, e));
  return rows;
}

/** Empties the log and its checkpoints (the triggers refuse DELETE and TRUNCATE; a test disables them for the moment). */
export async function clearAuditLog(db: Db): Promise<void> {
  for (const table of [sql`audit_log`, sql`audit_checkpoints`]) {
    await db.execute(sql`alter table ${table} disable trigger user`);
    try {
      await db.execute(sql`delete from ${table}`);
    } finally {
      await db.execute(sql`alter table ${table} enable trigger user`);
    }
  }
}

/** Runs statements the way an attacker who owns the tables could: past the append-only triggers. */
export async function pastTheTriggers(db: Db, statements: ReturnType<typeof sql>[]): Promise<void> {
  await db.execute(sql`alter table audit_log disable trigger user`);
  await db.execute(sql`alter table audit_checkpoints disable trigger user`);
  try {
    for (const s of statements) await db.execute(s);
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
    await db.execute(sql`alter table audit_checkpoints enable trigger user`);
  }
}

/** The same query string the page and the handlers receive, parsed by the one schema. */
export { searchParamsRecord } from "@/lib/transactions/list-query";
