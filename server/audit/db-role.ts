// Least privilege for the audit log: the role the dashboard runs as should only INSERT and SELECT audit_log and
// audit_checkpoints. A role that owns them can drop their append-only triggers and rewrite rows; the HMAC chain and
// the anchors still expose that, but only afterwards. Start-up names the problem when it sees it (PostgreSQL only:
// the embedded database has a single role by design, and its files are the dashboard's alone).
// No `import "server-only"`: the operations check calls it.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";

export interface AuditRoleFinding {
  role: string;
  /** The audit tables the role owns, or on which it holds UPDATE, DELETE or TRUNCATE. */
  problems: string[];
}

export async function auditRoleFinding(db: Db): Promise<AuditRoleFinding | null> {
  const result = await db.execute(sql`
    select t.tablename as table, current_user as role,
      t.tableowner = current_user as owns,
      has_table_privilege(current_user, format('%I.%I', t.schemaname, t.tablename), 'UPDATE') as can_update,
      has_table_privilege(current_user, format('%I.%I', t.schemaname, t.tablename), 'DELETE') as can_delete,
      has_table_privilege(current_user, format('%I.%I', t.schemaname, t.tablename), 'TRUNCATE') as can_truncate
    from pg_tables t
    where t.schemaname = current_schema() and t.tablename in ('audit_log', 'audit_checkpoints')
    order by t.tablename`);
  const rows = rawRows<{ table: string; role: string; owns: boolean; can_update: boolean; can_delete: boolean; can_truncate: boolean }>(
    result,
  );
  const problems: string[] = [];
  for (const r of rows) {
    if (r.owns) problems.push(`owns ${r.table}`);
    else {
      const extra = [r.can_update && "UPDATE", r.can_delete && "DELETE", r.can_truncate && "TRUNCATE"].filter(Boolean);
      if (extra.length) problems.push(`may ${extra.join(", ")} ${r.table}`);
    }
  }
  return problems.length ? { role: rows[0]!.role, problems } : null;
}
