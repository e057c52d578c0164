// The banner at the top of the audit log: the audit trail verifies (success, with what was checked now, when the
// whole chain was last checked and the newest anchor it matches), or where it first breaks (error, announced at
// once), with a link to that entry.
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { Alert } from "@/components/ui/alert";
import { encodeAuditCursor } from "@/lib/schemas/admin-audit";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { chainBannerText, type TrailReport } from "@/server/services/admin/audit/chain-status";

const PROBLEM_BODY = {
  hash_mismatch: "hashMismatchBody",
  link_mismatch: "linkMismatchBody",
  unknown_key: "unknownKeyBody",
  unkeyed_after_keyed: "unkeyedAfterKeyedBody",
  checkpoint_forged: "checkpointForgedBody",
  checkpoint_mismatch: "checkpointMismatchBody",
  anchor_forged: "anchorForgedBody",
  anchor_mismatch: "anchorMismatchBody",
  truncated: "truncatedBody",
} as const;

export async function ChainBanner({ report, zone }: { report: TrailReport; zone: string }) {
  const t = await getTranslations("audit.chain");
  const prefs = await currentUiPrefs();
  // Dates and entry numbers read left to right inside Arabic sentences, and a date never breaks across lines.
  const time = (d: Date) =>
    function Time() {
      return (
        <bdi dir="ltr" className="whitespace-nowrap">
          {formatInZone(d, zone)}
        </bdi>
      );
    };
  if (report.ok || !report.problem) {
    return (
      <Alert tone="success" title={chainBannerText(report, prefs)}>
        <span className="block">{t("okBody")}</span>
        <span className="block">
          {report.from.kind === "checkpoint"
            ? t.rich("checkedSince", { count: report.walked, time: time(report.from.at) })
            : t("checkedAll")}
        </span>
        <span className="block">{report.lastFullAt ? t.rich("lastFull", { time: time(report.lastFullAt) }) : t("noFullYet")}</span>
        <span className="block">
          {report.anchor
            ? t.rich("anchorMatches", {
                time: time(report.anchor.at),
                entry: function Entry() {
                  return <bdi dir="ltr">#{report.anchor!.lastId}</bdi>;
                },
              })
            : t("noAnchorYet")}
        </span>
      </Alert>
    );
  }
  const { reason, at } = report.problem;
  const body = reason === "truncated" ? t("truncatedBody", { id: String(at) }) : t(PROBLEM_BODY[reason]);
  // The page whose first row is the broken entry: "older than the entry after it". A truncation's entry is gone.
  const showEntry = at !== null && reason !== "truncated";
  const href = showEntry ? `/admin/audit?tz=${encodeURIComponent(zone)}&cursor=${encodeAuditCursor({ d: "next", id: at + 1 })}` : null;
  return (
    <Alert
      tone="error"
      title={chainBannerText(report, prefs)}
      action={
        href ? (
          <Link href={href} className="font-medium underline">
            {t("showEntry", { id: String(at) })}
          </Link>
        ) : undefined
      }
    >
      {body} {reason === "hash_mismatch" || reason === "link_mismatch" ? t("checkedBefore", { count: report.rows }) : null}
    </Alert>
  );
}
