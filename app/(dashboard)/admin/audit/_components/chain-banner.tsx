// The banner at the top of the audit log: the hash chain verifies (success), or where it first breaks (error,
// announced at once), with a link to that entry.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { encodeAuditCursor } from "@/lib/schemas/admin-audit";
import { chainBannerText, type ChainReport } from "@/server/services/admin/audit/chain-status";

export function ChainBanner({ report, zone }: { report: ChainReport; zone: string }) {
  if (report.ok) {
    return (
      <Alert tone="success" title={chainBannerText(report)}>
        Every entry links to the one before it and its content matches its hash: no entry was edited or removed.
      </Alert>
    );
  }
  // The page whose first row is the broken entry: "older than the entry after it".
  const href = `/admin/audit?tz=${encodeURIComponent(zone)}&cursor=${encodeAuditCursor({ d: "next", id: report.brokenAt + 1 })}`;
  return (
    <Alert
      tone="error"
      title={chainBannerText(report)}
      action={
        <Link href={href} className="font-medium underline">
          Show entry #{report.brokenAt}
        </Link>
      }
    >
      {report.reason === "hash_mismatch"
        ? "This entry's content no longer matches its hash: it was changed after it was written."
        : "This entry does not link to the one before it: an entry before it was removed or changed."}{" "}
      {report.checked} {report.checked === 1 ? "entry" : "entries"} before it verified. Entries from this one on cannot be trusted.
    </Alert>
  );
}
