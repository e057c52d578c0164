// /admin/audit: the audit log, newest first, filtered and paged (keyset) on the server from the URL, with the
// hash chain's verdict on top and a streamed CSV export. Server-rendered: the services are called directly; the
// only client code is the time-zone sync and the LocalTime of each row.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { tidyListUrl } from "@/server/http/tidy-list-url";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { auditLogQuerySchema, hasAuditFilter, toAuditQueryString, type AuditLogQueryInput } from "@/lib/schemas/admin-audit";
import { canonicalTimeZone } from "@/lib/transactions/zoned-time";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { pageAccess } from "@/server/auth/session";
import { listAuditFilterOptions } from "@/server/services/admin/audit/audit-filter-options";
import { auditChainStatus } from "@/server/services/admin/audit/chain-status";
import { describeAuditRows } from "@/server/services/admin/audit/describe-rows";
import { listAuditLog } from "@/server/services/admin/audit/list-audit-log";
import { appContext } from "@/server/services/app-deps";
// The pager and time-zone sync shared by the keyset lists (plain links; the URL's `tz`).
import { Pager } from "@/components/list/pager";
import { TimeZoneSync } from "@/components/list/time-zone-sync";
import { AuditFilterForm } from "./_components/audit-filter-form";
import { AuditTable } from "./_components/audit-table";
import { ChainBanner } from "./_components/chain-banner";
import { readerValidationText } from "@/server/i18n/error-text";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("audit");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Promise<AuditLogQueryInput>;

const FIELDS = ["actor", "action", "actionPrefix", "targetType", "targetId", "from", "to", "size"] as const;

export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("audit");
  const { principal, allowed } = await pageAccess("AUDIT_VIEW");
  if (!allowed) return <Forbidden area={t("title")} permission="AUDIT_VIEW" />;

  const raw = await searchParams;
  // The zone: the URL's (a shared link keeps its own), else the reader's display zone (lib/i18n/display-zone.ts).
  const display = await currentDisplayZone();
  const urlHasZone = typeof raw.tz === "string" && raw.tz !== "";
  const parsed = auditLogQuerySchema.safeParse(urlHasZone ? raw : { ...raw, tz: display.zone });

  // Tidy the URL a GET form leaves behind (empty fields, defaults) so that links and saved views stay short.
  if (parsed.success) tidyListUrl("/admin/audit", raw, toAuditQueryString(parsed.data));

  const ctx = await appContext({ principal });
  const [chain, options] = await Promise.all([auditChainStatus(ctx), listAuditFilterOptions(ctx)]);
  const last = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = Object.fromEntries(FIELDS.map((k) => [k, last(k)]));

  if (!parsed.success) {
    const say = await readerValidationText(); // the schema's messages are validation keys
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue.message);
    const zone = canonicalTimeZone(last("tz") ?? "") ?? display.zone;
    return (
      <div className="space-y-5">
        <PageHeader title={t("title")} description={t("description")} />
        <ChainBanner report={chain} zone={zone} />
        {errors.cursor ? (
          <Alert
            tone="warning"
            title={t("outdatedTitle")}
            action={<Link href={`/admin/audit?tz=${encodeURIComponent(zone)}`}>{t("firstPage")}</Link>}
          >
            {errors.cursor}
          </Alert>
        ) : (
          <Alert tone="error" title={t("invalidTitle")}>
            {t("invalidBody")}
          </Alert>
        )}
        <AuditFilterForm values={values} errors={errors} actions={options.actions} targetTypes={options.targetTypes} zone={zone} />
      </div>
    );
  }

  const query = parsed.data;
  const page = await listAuditLog(ctx, query);
  const sentences = await describeAuditRows(ctx, page.rows, await currentUiPrefs());
  const href = (qs: string) => `/admin/audit?${qs}`;
  const exportHref = `/api/admin/audit/export?${toAuditQueryString(query, { cursor: null })}`;

  return (
    <div className="space-y-5">
      <TimeZoneSync serverZone={query.tz} />
      <PageHeader
        title={t("title")}
        description={
          <>
            {t("description")} {t.rich("zoneNote", { zone: () => <bdi dir="ltr">{query.tz}</bdi> })}
          </>
        }
        actions={
          <a href={exportHref} download className={buttonClasses({ variant: "secondary" })}>
            {t("export")}
          </a>
        }
      />
      <ChainBanner report={chain} zone={query.tz} />
      <AuditFilterForm values={values} errors={{}} actions={options.actions} targetTypes={options.targetTypes} zone={query.tz} />

      <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
        {page.rows.length === 0 ? (
          hasAuditFilter(query) ? (
            <EmptyState
              title={t("empty.noMatchTitle")}
              description={t("empty.noMatchBody")}
              action={
                <Link href={href(`tz=${encodeURIComponent(query.tz)}`)} className={buttonClasses({ variant: "secondary" })}>
                  {t("empty.clear")}
                </Link>
              }
            />
          ) : (
            <EmptyState title={t("empty.noneTitle")} description={t("empty.noneBody")} />
          )
        ) : (
          <>
            <AuditTable
              rows={page.rows}
              sentences={sentences}
              zone={query.tz}
              brokenAt={chain.problem?.reason === "truncated" ? null : (chain.problem?.at ?? null)}
              actorHref={(actorId) => href(toAuditQueryString({ ...query, actor: actorId }, { cursor: null }))}
            />
            <Pager
              shown={page.rows.length}
              prevHref={page.prevCursor ? href(toAuditQueryString(query, { cursor: page.prevCursor })) : null}
              nextHref={page.nextCursor ? href(toAuditQueryString(query, { cursor: page.nextCursor })) : null}
            />
          </>
        )}
      </div>
    </div>
  );
}
