// The choices the audit log's filter form offers: the actions and target types present in the log. Each is a
// DISTINCT over the table (no index leads with either column), acceptable at today's size; a large log would keep
// these few names in a small table of their own, written with the entry.
import "server-only";
import { asc, isNotNull } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

/** More names than a select should hold would be a bug elsewhere; cap the list. */
const MAX_OPTIONS = 200;

export interface AuditFilterOptions {
  actions: string[];
  targetTypes: string[];
}

export async function listAuditFilterOptions(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<AuditFilterOptions> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  const [actions, targetTypes] = await Promise.all([
    deps.db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(MAX_OPTIONS),
    deps.db
      .selectDistinct({ v: auditLog.targetType })
      .from(auditLog)
      .where(isNotNull(auditLog.targetType))
      .orderBy(asc(auditLog.targetType))
      .limit(MAX_OPTIONS),
  ]);
  return { actions: actions.map((r) => r.v), targetTypes: targetTypes.flatMap((r) => (r.v === null ? [] : [r.v])) };
}
