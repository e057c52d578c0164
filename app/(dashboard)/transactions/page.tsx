// /transactions: the ledger's payments, filtered, sorted and paged (keyset) on the server from the URL, with a
// count of matches, saved views and CSV export; a table from md up and cards on a phone. Server-rendered: the
// service is called directly, no client fetch; client components only where interaction needs them (the filter
// form's debounced apply, row selection, the save-view dialog, the time-zone sync).
import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import {
  columnsOf,
  hasFilter,
  toQueryString,
  transactionListQuerySchema,
  type TransactionListQueryInput,
} from "@/lib/transactions/list-query";
import { canonicalTimeZone } from "@/lib/transactions/zoned-time";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listSavedViews } from "@/server/services/transactions/list-saved-views";
import { countTransactions, listTransactions } from "@/server/services/transactions/list-transactions";
import { ResponsiveList } from "@/components/list/responsive-list";
import { countLabel } from "@/lib/transactions/count";
import { TransactionCards } from "./_components/transaction-cards";
import { FilterForm } from "./_components/filter-form";
import { Pager } from "@/components/list/pager";
import { SavedViewsBar } from "./_components/saved-views-bar";
import { EXPORT_FORM_ID, ExportSelectedButton } from "./_components/selection";
import { TimeZoneSync } from "@/components/list/time-zone-sync";
import { TransactionsTable } from "./_components/transactions-table";
import { ActivityNotice } from "./_components/activity-notice";
import { readerValidationText } from "@/server/i18n/error-text";

export const metadata: Metadata = { title: "Transactions" };
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

function rawQueryString(raw: TransactionListQueryInput): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p.toString();
}

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  if (!allowed) return <Forbidden area="Transactions" permission="TRANSACTIONS_VIEW" />;

  const raw: TransactionListQueryInput = await searchParams;
  // The zone: the URL's (a shared link keeps its own), else the browser's from the cookie TimeZoneSync sets.
  const cookieZone = canonicalTimeZone((await cookies()).get("tz")?.value ?? "");
  const urlHasZone = typeof raw.tz === "string" && raw.tz !== "";
  const parsed = transactionListQuerySchema.safeParse(urlHasZone || !cookieZone ? raw : { ...raw, tz: cookieZone });

  if (parsed.success) {
    // Tidy the URL a GET form leaves behind (empty fields, defaults) so that links and saved views stay short.
    const canonical = toQueryString(parsed.data);
    const wanted = urlHasZone ? canonical : new URLSearchParams([...new URLSearchParams(canonical)].filter(([k]) => k !== "tz")).toString();
    if (wanted !== rawQueryString(raw)) redirect(wanted ? `/transactions?${wanted}` : "/transactions");
  }

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

  const say = await readerValidationText(); // the schema's messages are validation keys
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue.message);
  const query = parsed.success ? parsed.data : null;
  const zone = query?.tz ?? canonicalTimeZone(first("tz") ?? "") ?? cookieZone ?? "UTC";
  const [page, total, views] = query
    ? await Promise.all([listTransactions(ctx, query), countTransactions(ctx, query), listSavedViews(ctx)])
    : [null, null, []];
  const href = (qs: string) => `/transactions?${qs}`;
  const filterOnly = query ? toQueryString(query, { cursor: null }) : "";
  const now = new Date().getTime();

  // One tree for valid and invalid filters alike (each piece keeps its place), so the filter form is not
  // remounted, and keeps the focus, when a filter applied while typing turns out to be invalid or valid again.
  return (
    <div className="space-y-4 md:space-y-5">
      {query && <TimeZoneSync serverZone={query.tz} />}
      <PageHeader
        title="Transactions"
        description={
          <>
            Every payment in the ledger. Date filters use <bdi dir="ltr">{zone}</bdi>.
          </>
        }
        actions={
          canExport ? (
            <a href={`/api/transactions/export?${filterOnly}`} download className={buttonClasses({ variant: "secondary" })}>
              Export all matching (CSV)
            </a>
          ) : (
            <Button
              variant="secondary"
              disabledReason="Exporting needs the TRANSACTIONS_EXPORT permission. Ask a super-admin for a role that grants it."
            >
              Export CSV
            </Button>
          )
        }
      />
      {errors.cursor ? (
        <Alert
          tone="warning"
          title="This page link is out of date"
          action={<Link href={`/transactions?tz=${encodeURIComponent(zone)}`}>Go to the first page</Link>}
        >
          {errors.cursor}
        </Alert>
      ) : !query ? (
        <Alert tone="error" title="Some filters are not valid">
          Correct the highlighted fields and apply the filters again.
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
              {countLabel(total)}
              {hasFilter(query) ? " match" : ""}
            </p>
            {canExport && page.rows.length > 0 && (
              <form id={EXPORT_FORM_ID} method="get" action="/api/transactions/export" className="hidden items-center gap-2 md:flex">
                <input type="hidden" name="scope" value="selected" />
                <input type="hidden" name="tz" value={query.tz} />
                <span className="text-sm text-slate-600">Tick rows to export only those.</span>
                <ExportSelectedButton />
              </form>
            )}
          </div>
          {page.rows.length === 0 ? (
            hasFilter(query) ? (
              <EmptyState
                title="No payments match these filters"
                description="Widen the date range or remove a filter."
                action={
                  <Link href={href(`tz=${encodeURIComponent(query.tz)}`)} className={buttonClasses({ variant: "secondary" })}>
                    Clear filters
                  </Link>
                }
              />
            ) : (
              <EmptyState
                title="No payments yet"
                description="Payments appear here as they are taken in the dashboard or reported by the gateway."
              />
            )
          ) : (
            <>
              <ResponsiveList
                label="Transactions"
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
    </div>
  );
}

/** Filters set in the URL (the phone's "Filters" button shows the number). */
function activeFilterCount(values: Record<string, string | undefined>, statuses: string[]): number {
  return FILTER_KEYS.filter((k) => values[k]).length + (statuses.length ? 1 : 0);
}
