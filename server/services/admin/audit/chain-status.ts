// The banner at the top of the audit log: does the audit trail still verify, and if not, where does it break?
// The check is incremental (server/audit/trail.ts): the rows after the newest signed checkpoint are walked, and the
// newest published anchor is compared, so the page costs the same at ten rows or ten million; the anchoring pass
// walks the whole chain once a day, and the banner says when it last did.
import "server-only";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { verifyAuditTrail, type TrailReport } from "../../../audit/trail";
import { translatorFor } from "../../../i18n/translator";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export type { TrailReport };

export async function auditChainStatus(
  ctx: ServiceContext<Pick<ServiceDeps, "db"> & { config: { auditChain: { anchorDir: string } } }>,
): Promise<TrailReport> {
  const { deps, principal } = ctx;
  requirePermission(principal, "AUDIT_VIEW");
  return verifyAuditTrail(deps.db, { anchorDir: deps.config.auditChain.anchorDir });
}

/** The banner's title in the reader's language: the number of entries verified, or the entry where the trail breaks
 * and why (or why the check failed, when no entry is to blame). */
export function chainBannerText(report: TrailReport, prefs: Pick<UiPrefs, "language" | "digits"> = DEFAULT_UI_PREFS): string {
  const t = translatorFor(prefs, "audit");
  if (report.ok || !report.problem) return t("chain.verified", { count: report.rows });
  const reason = t(`chain.${report.problem.reason}`);
  return report.problem.at === null ? t("chain.failed", { reason }) : t("chain.broken", { id: String(report.problem.at), reason });
}
