// /transactions: the ledger's payments, filtered, sorted and paged (keyset) on the server from the URL, with a
// count of matches, saved views and CSV export; a table from md up and cards on a phone. Server-rendered: the
// service is called directly, no client fetch; client components only where interaction needs them (the filter
// form's debounced apply, row selection, the save-view dialog, the time-zone sync).
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { tidyListUrl } from "@/server/http/tidy-list-url";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import {
  columnsOf,
  hasFilter,
  listQueryMessageKey,
  toQueryString,
  transactionListQuerySchema,
  type TransactionListQueryInput,
} from "@/lib/transactions/list-query";
import { canonicalTimeZone } from "@/lib/transactions/zoned-time";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listSavedViews } from "@/server/services/transactions/list-saved-views";
import { countTransactions, listTransactions } from "@/server/services/transactions/list-transactions";
import { ResponsiveList } from "@/components/list/responsive-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TransactionCards } from "./_components/transaction-cards";
import { FilterForm } from "./_components/filter-form";
import { Pager } from "@/components/list/pager";
import { SavedViewsBar } from "./_components/saved-views-bar";
import { EXPORT_FORM_ID, ExportSelectedButton } from "./_components/selection";
import { TimeZoneSync } from "@/components/list/time-zone-sync";
import { TransactionsTable } from "./_components/transactions-table";
import { ActivityNotice } from "./_components/activity-notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("transactions");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** The list's filter parameters, as the form shows them back (sort, paging and columns aside). */
const FILTER_KEYS = [
  "q",
  "type",
  "from",
  "to",
  "currency",
  "amountMin",
  "amountMax",
  "orderId",
  "email",
  "last4",
  "branch",
  "brand",
  "activity",
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  const t = await getTranslations("transactions");
  if (!allowed) return <Forbidden area={t("title")} permission="TRANSACTIONS_VIEW" />;

  const raw: TransactionListQueryInput = await searchParams;
  // The zone: the URL's (a shared link keeps its own), else the reader's display zone (lib/i18n/display-zone.ts).
  const display = await currentDisplayZone();
  const urlHasZone = typeof raw.tz === "string" && raw.tz !== "";
  const parsed = transactionListQuerySchema.safeParse(urlHasZone ? raw : { ...raw, tz: display.zone });

  // Tidy the URL a GET form leaves behind (empty fields, defaults) so that links and saved views stay short.
  if (parsed.success) tidyListUrl("/transactions", raw, toQueryString(parsed.data));

  const canExport = principal.permissions.has("TRANSACTIONS_EXPORT");
  const ctx = await appContext({ principal });
  const first = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = Object.fromEntries([...FILTER_KEYS, "size"].map((k) => [k, first(k)]));
  const statusesRaw = (Array.isArray(raw.status) ? raw.status : raw.status ? [raw.status] : [])
    .flatMap((s) => s.split(","))
    .filter(Boolean);

  const errors: Record<string, string> = {};
  // The schema's messages are English (the API's); the page says them in the reader's language.
  const say = (issue: { message: string; code?: string; params?: Record<string, unknown> }) => {
    const known = listQueryMessageKey(issue);
    return known ? t(`filterErrors.${known.key}`, known.values) : issue.message;
  };
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue);
  const query = parsed.success ? parsed.data : null;
  const zone = query?.tz ?? canonicalTimeZone(first("tz") ?? "") ?? display.zone;
  const [page, total, views] = query
    ? await Promise.all([listTransactions(ctx, query), countTransactions(ctx, query), listSavedViews(ctx)])
    : [null, null, []];
  const href = (qs: string) => `/transactions?${qs}`;
  const filterOnly = query ? toQueryString(query, { cursor: null }) : "";
  const now = new Date().getTime();
  const format = await getFormatter();
  // "1 payment", "1,234 payments", "10,000+ payments" (the count stops at a limit: lib/transactions/count.ts).
  const countText = total
    ? total.capped
      ? t("countCapped", { count: format.number(total.count) })
      : t("count", { count: total.count })
    : "";

  // One tree for valid and invalid filters alike (each piece keeps its place), so the filter form is not
  // remounted, and keeps the focus, when a filter applied while typing turns out to be invalid or valid again.
  return (
    <div className="space-y-4 md:space-y-5">
      {query && <TimeZoneSync serverZone={query.tz} />}
      <PageHeader
        title={t("title")}
        description={t.rich("description", { zone, tz: (c) => <bdi dir="ltr">{c}</bdi> })}
        actions={
          canExport ? (
            <a href={`/api/transactions/export?${filterOnly}`} download className={buttonClasses({ variant: "secondary" })}>
              {t("exportAll")}
            </a>
          ) : (
            <Button variant="secondary" disabledReason={t("exportNeedsPermission")}>
              {t("exportCsv")}
            </Button>
          )
        }
      />
      {errors.cursor ? (
        <Alert
          tone="warning"
          title={t("staleLinkTitle")}
          action={<Link href={`/transactions?tz=${encodeURIComponent(zone)}`}>{t("firstPage")}</Link>}
        >
          {errors.cursor}
        </Alert>
      ) : !query ? (
        <Alert tone="error" title={t("invalidTitle")}>
          {t("invalidBody")}
        </Alert>
      ) : null}
      {query?.activity && (
        <ActivityNotice
          activity={query.activity}
          from={query.from}
          to={query.to}
          zone={query.tz}
          brand={query.brand}
          clearHref={href(
            toQueryString({ ...query, activity: undefined, brand: undefined, from: undefined, to: undefined }, { cursor: null }),
          )}
        />
      )}
      <ClientMessages namespaces={["transactions"]}>
        {query && <SavedViewsBar views={views} currentQuery={filterOnly} />}
        <FilterForm
          values={values}
          statuses={query ? query.status : statusesRaw}
          errors={errors}
          columns={columnsOf(query ?? { cols: [] })}
          zone={zone}
          sort={query?.sort ?? "created"}
          dir={query?.dir ?? "desc"}
          activeCount={activeFilterCount(values, statusesRaw)}
        />

        {query && page && total && (
          <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
              {/* A polite live region: a filter applied while typing announces its result. */}
              <p role="status" className="text-sm font-medium text-slate-700" data-testid="match-count">
                {hasFilter(query) ? t("countMatch", { count: countText }) : countText}
              </p>
              {canExport && page.rows.length > 0 && (
                <form id={EXPORT_FORM_ID} method="get" action="/api/transactions/export" className="hidden items-center gap-2 md:flex">
                  <input type="hidden" name="scope" value="selected" />
                  <input type="hidden" name="tz" value={query.tz} />
                  <span className="text-sm text-slate-600">{t("tickToExport")}</span>
                  <ExportSelectedButton />
                </form>
              )}
            </div>
            {page.rows.length === 0 ? (
              hasFilter(query) ? (
                <EmptyState
                  title={t("noMatchTitle")}
                  description={t("noMatchBody")}
                  action={
                    <Link href={href(`tz=${encodeURIComponent(query.tz)}`)} className={buttonClasses({ variant: "secondary" })}>
                      {t("clearFilters")}
                    </Link>
                  }
                />
              ) : (
                <EmptyState title={t("emptyTitle")} description={t("emptyBody")} />
              )
            ) : (
              <>
                <ResponsiveList
                  label={t("listLabel")}
                  table={
                    <TransactionsTable
                      rows={page.rows}
                      columns={columnsOf(query)}
                      zone={query.tz}
                      sort={query.sort}
                      dir={query.dir}
                      sortHref={(sort, dir) => href(toQueryString(query, { cursor: null, sort, dir }))}
                      selectable={canExport}
                      now={now}
                    />
                  }
                  cards={<TransactionCards rows={page.rows} now={now} />}
                />
                <Pager
                  shown={page.rows.length}
                  prevHref={page.prevCursor ? href(toQueryString(query, { cursor: page.prevCursor })) : null}
                  nextHref={page.nextCursor ? href(toQueryString(query, { cursor: page.nextCursor })) : null}
                />
              </>
            )}
          </div>
        )}
      </ClientMessages>
    </div>
  );
}

/** Filters set in the URL (the phone's "Filters" button shows the number). */
function activeFilterCount(values: Record<string, string | undefined>, statuses: string[]): number {
  return FILTER_KEYS.filter((k) => values[k]).length + (statuses.length ? 1 : 0);
}
