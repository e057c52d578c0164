// The banner at the top of the audit log: the hash chain verifies (success), or where it first breaks (error,
// announced at once), with a link to that entry.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { Alert } from "@/components/ui/alert";
import { encodeAuditCursor } from "@/lib/schemas/admin-audit";
import { chainBannerText, type ChainReport } from "@/server/services/admin/audit/chain-status";

export async function ChainBanner({ report, zone }: { report: ChainReport; zone: string }) {
  const t = await getTranslations("audit.chain");
  const prefs = await currentUiPrefs();
  if (report.ok) {
    return (
      <Alert tone="success" title={chainBannerText(report, prefs)}>
        {t("okBody")}
      </Alert>
    );
  }
  // The page whose first row is the broken entry: "older than the entry after it".
  const href = `/admin/audit?tz=${encodeURIComponent(zone)}&cursor=${encodeAuditCursor({ d: "next", id: report.brokenAt + 1 })}`;
  return (
    <Alert
      tone="error"
      title={chainBannerText(report, prefs)}
      action={
        <Link href={href} className="font-medium underline">
          {t("showEntry", { id: String(report.brokenAt) })}
        </Link>
      }
    >
      {report.reason === "hash_mismatch" ? t("hashMismatchBody") : t("linkMismatchBody")} {t("checkedBefore", { count: report.checked })}
    </Alert>
  );
}
