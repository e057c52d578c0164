// One page of the audit log, newest first, with keyset cursors for "Next" (older) and "Previous" (newer). Reading
// the trail is itself recorded (PCI DSS 10.2.1.3): each page read appends an `audit.view` row, after the read, so a
// page never shows its own view. The page and GET /api/admin/audit call it.
import "server-only";
import {
  decodeAuditCursor,
  encodeAuditCursor,
  toAuditFilter,
  type AuditLogItem,
  type AuditLogPage,
  type AuditLogQuery,
  auditFilterSummary,
} from "@/lib/schemas/admin-audit";
import type { AuditRow } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { AppError } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { readKeysetPage, type KeysetPage } from "../../keyset-page";
import { requirePermission } from "../../require-permission";
import { auditConditions, fetchAuditPage } from "./audit-query";
import { appendAuditNow } from "../../../audit/audit-log";
import { vmsg } from "@/lib/schemas/messages";

export type AuditPage = KeysetPage<AuditRow>;

export async function listAuditLog(ctx: ServiceContext<Pick<ServiceDeps, "db">>, query: AuditLogQuery): Promise<AuditPage> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  const page = await readAuditPage(deps.db, query);
  await appendAuditNow(deps.db, {
    action: "audit.view",
    actorId: principal.userId,
    actorEmail: principal.email,
    ip: ctx.ip,
    targetType: "audit_log",
    summary: {
      filter: auditFilterSummary(query),
      rows: page.rows.length,
      from: page.rows[0]?.id ?? null,
      to: page.rows.at(-1)?.id ?? null,
    },
  });
  return page;
}

/** The page itself, with neither the permission check nor the record of the read: listAuditLog's query. */
export async function readAuditPage(db: Db, query: AuditLogQuery): Promise<AuditPage> {
  const cursor = query.cursor ? decodeAuditCursor(query.cursor) : null;
  if (query.cursor && !cursor) {
    throw new AppError("invalid_request", "list.staleCursor", {
      cursor: [vmsg("list.badCursor")],
    });
  }
  const where = auditConditions(toAuditFilter(query));
  return readKeysetPage({
    start: cursor ? { after: cursor.id, backwards: cursor.d === "prev" } : null,
    size: query.size,
    fetch: (afterId, backwards, limit) => fetchAuditPage(db, where, { afterId, backwards, limit }),
    cursorOf: (row, d) => encodeAuditCursor({ d, id: row.id }),
  });
}

export function toAuditItem(r: AuditRow): AuditLogItem {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    ip: r.ip,
    summary: r.summary,
    prevHash: r.prevHash,
    hash: r.hash,
  };
}

/** The JSON shape of a page (GET /api/admin/audit). */
export function toAuditLogPage(page: AuditPage): AuditLogPage {
  return { items: page.rows.map(toAuditItem), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}
