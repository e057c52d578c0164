// The banner at the top of the audit log: does the hash chain still verify, and if not, at which entry does it
// break? verifyAuditChain walks the whole table in id order, in batches, on every call. That is fine for the
// log's size today; a large log would verify incrementally instead (remember the last verified id and hash, and
// walk only the entries appended since, re-walking everything on a schedule).
import "server-only";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { verifyAuditChain, type ChainReport } from "../../../audit/audit-log";
import { translatorFor } from "../../../i18n/translator";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export type { ChainReport };

export async function auditChainStatus(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<ChainReport> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  return verifyAuditChain(deps.db);
}

/** The banner's words in the reader's language: "Hash chain verified: 12 entries" or "Hash chain broken at entry #7
 * (hash mismatch)". */
export function chainBannerText(report: ChainReport, prefs: Pick<UiPrefs, "language" | "digits"> = DEFAULT_UI_PREFS): string {
  const t = translatorFor(prefs, "audit");
  if (report.ok) return t("chain.verified", { count: report.checked });
  return t("chain.broken", { id: String(report.brokenAt), reason: t(`chain.${report.reason}`) });
}
