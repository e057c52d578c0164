import { TextSearchForm } from "@/components/list/text-search-form";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Pager } from "@/components/list/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listCustomers } from "@/server/services/customers/list-customers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("customers");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

// The customers the ledger knows (payer e-mails, any case), in e-mail order, with a search and keyset pages. The
// URL holds the search and a customer key as the cursor, never an e-mail of its own.
export default async function CustomersPage({ searchParams }: { searchParams: Search }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  const [t, format] = await Promise.all([getTranslations("customers"), getFormatter()]);
  if (!allowed) return <Forbidden area={t("title")} permission="TRANSACTIONS_VIEW" />;
  const sp = await searchParams;
  const q = one(sp.q)?.trim() ?? "";
  const page = await listCustomers(await appContext({ principal }), { q, after: one(sp.after), before: one(sp.before) });
  const href = (cursor: string | null, dir: "after" | "before") =>
    cursor ? `/customers?${new URLSearchParams({ ...(q ? { q } : {}), [dir]: cursor })}` : null;
  return (
    <div className="space-y-5">
      <PageHeader title={t("title")} description={t("description")} />
      <TextSearchForm action="/customers" label={t("search")} value={q} submitLabel={t("searchButton")} />
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        {page.rows.length === 0 ? (
          <EmptyState
            title={q ? t("noMatch") : t("empty")}
            description={q ? t("noMatchHint") : t("emptyHint")}
            action={
              q ? (
                <Link href="/customers" className="text-sm font-medium text-brand-700 hover:underline">
                  {t("clearSearch")}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-100">
            {page.rows.map((c) => (
              <li key={c.key} data-testid="customer-row">
                <Link
                  href={`/customers/${c.key}`}
                  className="grid gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900" dir="auto">
                      {c.name ?? c.email}
                    </span>
                    {c.name && (
                      <bdi dir="ltr" className="block truncate text-sm text-slate-600">
                        {c.email}
                      </bdi>
                    )}
                  </span>
                  <span className="text-sm text-slate-700">
                    {t("payments", { count: c.payments })}
                    {c.recurringTokens > 0 && <> · {t("recurring", { count: format.number(c.recurringTokens) })}</>}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t.rich("lastPayment", { time: () => <LocalTime iso={c.lastPaymentAt} relative /> })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-100">
          <Pager prevHref={href(page.prevCursor, "before")} nextHref={href(page.nextCursor, "after")} shown={page.rows.length} />
        </div>
      </div>
    </div>
  );
}
