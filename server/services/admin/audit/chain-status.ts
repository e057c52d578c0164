// The banner at the top of the audit log: does the hash chain still verify, and if not, at which entry does it
// break? verifyAuditChain walks the whole table in id order, in batches, on every call. That is fine for the
// log's size today; a large log would verify incrementally instead (remember the last verified id and hash, and
// walk only the entries appended since, re-walking everything on a schedule).
import "server-only";
import { verifyAuditChain, type ChainReport } from "../../../audit/audit-log";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export type { ChainReport };

export async function auditChainStatus(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<ChainReport> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  return verifyAuditChain(deps.db);
}

const REASON_TEXT: Record<Extract<ChainReport, { ok: false }>["reason"], string> = {
  hash_mismatch: "hash mismatch",
  link_mismatch: "link mismatch",
};

/** The banner's words: "Hash chain verified: 12 entries" or "Hash chain broken at entry #7 (hash mismatch)". */
export function chainBannerText(report: ChainReport): string {
  if (report.ok) return `Hash chain verified: ${report.checked} ${report.checked === 1 ? "entry" : "entries"}`;
  return `Hash chain broken at entry #${report.brokenAt} (${REASON_TEXT[report.reason]})`;
}
