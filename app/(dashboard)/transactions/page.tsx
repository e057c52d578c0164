// /transactions: the ledger's payments, filtered, sorted and paged (keyset) on the server from the URL, with saved
// views and CSV export. Server-rendered: the service is called directly, no client fetch; client components only
// where interaction needs them (row selection, the save-view dialog, the time-zone sync).
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
import { listTransactions } from "@/server/services/transactions/list-transactions";
import { FilterForm } from "./_components/filter-form";
import { Pager } from "@/components/list/pager";
import { SavedViewsBar } from "./_components/saved-views-bar";
import { EXPORT_FORM_ID, ExportSelectedButton } from "./_components/selection";
import { TimeZoneSync } from "@/components/list/time-zone-sync";
import { TransactionsTable } from "./_components/transactions-table";

export const metadata: Metadata = { title: "Transactions" };
export const dynamic = "force-dynamic";

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
  const views = await listSavedViews(ctx);
  const first = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = Object.fromEntries(
    ["q", "type", "from", "to", "currency", "amountMin", "amountMax", "orderId", "email", "last4", "branch", "size"].map((k) => [
      k,
      first(k),
    ]),
  );
  const statusesRaw = (Array.isArray(raw.status) ? raw.status : raw.status ? [raw.status] : [])
    .flatMap((s) => s.split(","))
    .filter(Boolean);

  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
    const zone = canonicalTimeZone(first("tz") ?? "") ?? cookieZone ?? "UTC";
    return (
      <div className="space-y-5">
        <PageHeader title="Transactions" description="Every payment in the ledger." />
        {errors.cursor ? (
          <Alert
            tone="warning"
            title="This page link is out of date"
            action={<Link href={`/transactions?tz=${encodeURIComponent(zone)}`}>Go to the first page</Link>}
          >
            {errors.cursor}
          </Alert>
        ) : (
          <Alert tone="error" title="Some filters are not valid">
            Correct the highlighted fields and apply the filters again.
          </Alert>
        )}
        <FilterForm
          values={values}
          statuses={statusesRaw}
          errors={errors}
          columns={columnsOf({ cols: [] })}
          zone={zone}
          sort="created"
          dir="desc"
        />
      </div>
    );
  }

  const query = parsed.data;
  const page = await listTransactions(ctx, query);
  const columns = columnsOf(query);
  const href = (qs: string) => `/transactions?${qs}`;
  const filterOnly = toQueryString(query, { cursor: null });
  const exportAllHref = `/api/transactions/export?${filterOnly}`;

  return (
    <div className="space-y-5">
      <TimeZoneSync serverZone={query.tz} />
      <PageHeader
        title="Transactions"
        description={
          <>
            Every payment in the ledger. Times are in <bdi dir="ltr">{query.tz}</bdi>.
          </>
        }
        actions={
          canExport ? (
            <a href={exportAllHref} download className={buttonClasses({ variant: "secondary" })}>
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
      <SavedViewsBar views={views} currentQuery={filterOnly} />
      <FilterForm values={values} statuses={query.status} errors={{}} columns={columns} zone={query.tz} sort={query.sort} dir={query.dir} />

      <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
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
            {canExport && (
              <form
                id={EXPORT_FORM_ID}
                method="get"
                action="/api/transactions/export"
                className="flex items-center justify-end gap-2 border-b border-slate-200 px-4 py-2"
              >
                <input type="hidden" name="scope" value="selected" />
                <input type="hidden" name="tz" value={query.tz} />
                <span className="text-sm text-slate-600">Tick rows to export only those.</span>
                <ExportSelectedButton />
              </form>
            )}
            <TransactionsTable
              rows={page.rows}
              columns={columns}
              zone={query.tz}
              sort={query.sort}
              dir={query.dir}
              sortHref={(sort, dir) => href(toQueryString(query, { cursor: null, sort, dir }))}
              selectable={canExport}
            />
            <Pager
              shown={page.rows.length}
              prevHref={page.prevCursor ? href(toQueryString(query, { cursor: page.prevCursor })) : null}
              nextHref={page.nextCursor ? href(toQueryString(query, { cursor: page.nextCursor })) : null}
            />
          </>
        )}
      </div>
    </div>
  );
}
