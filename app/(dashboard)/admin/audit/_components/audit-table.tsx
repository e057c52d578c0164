// The audit entries, newest first, rendered on the server: time in the reader's zone, who, what, on what (a
// payment links to its page), from where, the summary, and the start of the row's hash. The entry where the
// hash chain breaks, if any, is marked. The summary reads as a sentence, the raw JSON behind a toggle.
import Link from "next/link";
import { Fragment } from "react";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { cx } from "@/components/ui/cx";
import type { AuditRow } from "@/server/db/schema";
import type { Sentence } from "@/server/services/admin/audit/sentences";
import { SummaryCell } from "./summary-cell";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Muted = () => <span className="text-slate-500">—</span>;

/** Line-break chances after the dots, underscores and hyphens of a code or an address, and before its "@". */
const WORDISH = /(?<=[._-])|(?=@)/;
/** Between the groups of an IPv6 address (an IPv4 address stays whole). */
const IP_GROUPS = /(?<=:)/;

/**
 * A dotted code, an e-mail or an IP address with line-break chances ("auth.password_reset_" / "requested"): unbroken,
 * one long action or address widened its column until "What happened" was pushed out of view. The text itself (copy,
 * find, screen readers) is unchanged. Where the column has room (its min-width) the text stays on one line.
 */
function Breakable({ text, at = WORDISH }: { text: string; at?: RegExp }) {
  const parts = text.split(at);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function Target({ type, id }: { type: string | null; id: string | null }) {
  const t = useTranslations("audit.table");
  if (!type && !id) return <Muted />;
  if (type === "payment" && id && UUID_RE.test(id)) {
    return (
      <Link href={`/transactions/${id}`} prefetch={false} className="text-brand-700 hover:underline">
        {t.rich("payment", {
          id: () => (
            <bdi dir="ltr" className="font-mono text-xs">
              {id}
            </bdi>
          ),
        })}
      </Link>
    );
  }
  return (
    <span>
      <code dir="ltr" className="font-mono text-xs">
        {type ?? "—"}
      </code>{" "}
      {id && (
        <bdi dir="ltr" className="font-mono text-xs break-all">
          {id}
        </bdi>
      )}
    </span>
  );
}

/** On a phone an entry is a card: time and actor side by side, then what happened and its target; the raw action,
 * the IP and the hash (in the CSV export and on a wider screen) are left out. */
const PHONE = "max-sm:block max-sm:py-1";

export interface AuditTableProps {
  rows: AuditRow[];
  /** Each entry's summary as a sentence (describeAuditRows), by entry id. */
  sentences: Map<number, Sentence>;
  zone: string;
  /** The entry where the chain breaks (highlighted), if the banner reported one. */
  brokenAt: number | null;
  /** Link to the entries of one user (the actor filter by user ID). */
  actorHref: (actorId: string) => string;
}

export function AuditTable({ rows, sentences, zone, brokenAt, actorHref }: AuditTableProps) {
  const t = useTranslations("audit.table");
  return (
    <Table caption={t("caption", { zone })} captionHidden className="max-sm:block">
      <THead className="max-sm:sr-only">
        <tr>
          <TH>{t("time")}</TH>
          <TH>{t("actor")}</TH>
          <TH>{t("action")}</TH>
          <TH>{t("target")}</TH>
          <TH>{t("ip")}</TH>
          <TH>{t("what")}</TH>
          <TH>{t("hash")}</TH>
        </tr>
      </THead>
      <TBody className="max-sm:block">
        {rows.map((r) => {
          const broken = r.id === brokenAt;
          return (
            <TR
              key={r.id}
              className={cx("align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2", broken && "bg-red-50 hover:bg-red-50")}
            >
              <TD className={cx("sm:whitespace-nowrap", PHONE)}>
                <LocalTime iso={r.at.toISOString()} withSeconds />
                <div className="text-xs text-slate-500">
                  <bdi dir="ltr">#{r.id}</bdi>
                  {broken && <span className="ms-1 font-medium text-red-700">{t("chainBreaks")}</span>}
                </div>
              </TD>
              <TD className={cx(PHONE, "max-sm:break-all sm:min-w-36")}>
                {r.actorEmail ? (
                  r.actorId ? (
                    <Link href={actorHref(r.actorId)} prefetch={false} className="hover:underline" title={t("onlyThisUser")}>
                      <bdi dir="ltr">
                        <Breakable text={r.actorEmail} />
                      </bdi>
                    </Link>
                  ) : (
                    <bdi dir="ltr">
                      <Breakable text={r.actorEmail} />
                    </bdi>
                  )
                ) : (
                  <span className="text-slate-500">{t("system")}</span>
                )}
              </TD>
              <TD className="max-sm:hidden">
                <code dir="ltr" className="inline-block min-w-28 font-mono text-xs">
                  <Breakable text={r.action} />
                </code>
              </TD>
              <TD className={cx(PHONE, "max-sm:order-last max-sm:col-span-2")}>
                <Target type={r.targetType} id={r.targetId} />
              </TD>
              <TD className="max-sm:hidden">
                {r.ip ? (
                  <bdi dir="ltr" className="font-mono text-xs">
                    <Breakable text={r.ip} at={IP_GROUPS} />
                  </bdi>
                ) : (
                  <Muted />
                )}
              </TD>
              <TD className={cx(PHONE, "max-sm:col-span-2")}>
                <SummaryCell sentence={sentences.get(r.id) ?? [r.action]} summary={r.summary} />
              </TD>
              <TD className="max-sm:hidden">
                <bdi dir="ltr" className="font-mono text-xs" title={r.hash}>
                  {r.hash.slice(0, 12)}
                </bdi>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
