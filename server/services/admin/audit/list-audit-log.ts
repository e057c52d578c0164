// One page of the audit log, newest first, with keyset cursors for "Next" (older) and "Previous" (newer).
// Read-only (no audit row: reading the log is not itself an event); the page and GET /api/admin/audit call it.
import "server-only";
import { decodeAuditCursor, encodeAuditCursor, toAuditFilter, type AuditLogItem, type AuditLogPage, type AuditLogQuery } from "@/lib/schemas/admin-audit";
import type { AuditRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { auditConditions, fetchAuditPage } from "./audit-query";

export interface AuditPage {
  rows: AuditRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export async function listAuditLog(ctx: ServiceContext<Pick<ServiceDeps, "db">>, query: AuditLogQuery): Promise<AuditPage> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  const cursor = query.cursor ? decodeAuditCursor(query.cursor) : null;
  if (query.cursor && !cursor) {
    throw new AppError("invalid_request", "This page link is out of date. Start again from the first page.", { cursor: ["Not a valid page link."] });
  }
  const where = auditConditions(toAuditFilter(query));
  const limit = query.size;
  const backwards = cursor?.d === "prev";
  const fetched = await fetchAuditPage(deps.db, where, { afterId: cursor?.id ?? null, backwards, limit: limit + 1 });
  let rows: AuditRow[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (!backwards) {
    rows = fetched.slice(0, limit);
    hasNext = fetched.length > limit;
    hasPrev = cursor !== null;
  } else if (fetched.length > limit) {
    // Newest first: the extra row read beyond the page is the newest one, and it says a newer page exists.
    rows = fetched.slice(1);
    hasPrev = true;
    hasNext = true;
  } else {
    // Back at the top: show a full first page (entries may have arrived since) rather than a short one.
    const first = await fetchAuditPage(deps.db, where, { afterId: null, backwards: false, limit: limit + 1 });
    rows = first.slice(0, limit);
    hasNext = first.length > limit;
    hasPrev = false;
  }
  const last = rows.at(-1);
  const firstRow = rows[0];
  return {
    rows,
    nextCursor: hasNext && last ? encodeAuditCursor({ d: "next", id: last.id }) : null,
    prevCursor: hasPrev && firstRow ? encodeAuditCursor({ d: "prev", id: firstRow.id }) : null,
  };
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
