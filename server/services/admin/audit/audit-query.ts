// The query behind the audit log page, its JSON API and its CSV export: the filter as SQL conditions, and one
// keyset page by id (WHERE id < cursor ORDER BY id DESC LIMIT n). Never OFFSET: the id is the primary key and the
// log's append order, so a page deep in a large log costs what the first does.
import "server-only";
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AuditFilter } from "@/lib/schemas/admin-audit";
import type { Db } from "../../../db/client";
import { likeEscape } from "../../../db/like-pattern";
import { auditLog, type AuditRow } from "../../../db/schema";

export function auditConditions(f: AuditFilter): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (f.actorId) c.push(eq(auditLog.actorId, f.actorId));
  // E-mails are compared without case (a failed sign-in records the address as typed, normalised or not).
  if (f.actorEmailContains) c.push(sql`lower(${auditLog.actorEmail}) like ${`%${likeEscape(f.actorEmailContains.toLowerCase())}%`}`);
  if (f.action) c.push(eq(auditLog.action, f.action));
  if (f.actionPrefix) c.push(sql`${auditLog.action} like ${`${likeEscape(f.actionPrefix)}%`}`);
  if (f.targetType) c.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) c.push(eq(auditLog.targetId, f.targetId));
  if (f.atFrom) c.push(gte(auditLog.at, f.atFrom));
  if (f.atBefore) c.push(lt(auditLog.at, f.atBefore));
  return and(...c);
}

export interface AuditPageSpec {
  /** Rows strictly beyond this id in the scan order; null starts at the newest. */
  afterId: number | null;
  /** Scan towards newer rows (the "Previous" page); the rows come back newest first all the same. */
  backwards: boolean;
  limit: number;
}

/** One keyset page, newest first. */
export async function fetchAuditPage(db: Db, where: SQL | undefined, spec: AuditPageSpec): Promise<AuditRow[]> {
  const keyset = spec.afterId === null ? undefined : spec.backwards ? gt(auditLog.id, spec.afterId) : lt(auditLog.id, spec.afterId);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(where, keyset))
    .orderBy(spec.backwards ? asc(auditLog.id) : desc(auditLog.id))
    .limit(spec.limit);
  return spec.backwards ? rows.reverse() : rows;
}
