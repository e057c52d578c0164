import { TextSearchForm } from "@/components/list/text-search-form";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HitContent } from "@/components/search/hit-content";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { flattenHits, hitHref, hitKey, SEARCH_GROUPS, searchGroupsFor, seeAllHref } from "@/lib/search/result-href";
import { requireSignedIn } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { searchEverywhere } from "@/server/services/search/search-everywhere";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell.search");
  return { title: t("pageTitle") };
}
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

// The header search's full page: where its form goes without JavaScript, and where "See all results" leads. The same
// groups as the popup, each with a link to its area's own list filtered by the same text.
export default async function SearchPage({ searchParams }: { searchParams: Search }) {
  const principal = await requireSignedIn();
  const t = await getTranslations("shell.search");
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw : "";
  const results = await searchEverywhere(await appContext({ principal }), q);
  const hits = flattenHits(results);
  const canViewPayments = principal.permissions.has("TRANSACTIONS_VIEW");
  const groups = SEARCH_GROUPS.filter((g) => results[g]);
  return (
    <div className="space-y-5">
      <PageHeader title={t("pageTitle")} description={t("pageDescription")} />
      <TextSearchForm action="/search" label={t("label")} hint={t("hint")} value={q} submitLabel={t("submit")} />
      {searchGroupsFor(principal.permissions).length === 0 ? null : !results.text ? (
        q.trim() ? (
          <p className="text-sm text-slate-600">{t("tooShort")}</p>
        ) : null
      ) : hits.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <EmptyState title={t("noResults", { text: results.text })} description={t("hint")} />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" role="status">
            {t("resultCount", { count: hits.length })}
          </p>
          <div className="grid gap-5 lg:grid-cols-2">
            {groups.map((g) => {
              const inGroup = hits.filter((h) => h.group === g);
              if (!inGroup.length) return null;
              const headingId = `search-group-${g}`;
              return (
                <section key={g} aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
                  <h2 id={headingId} className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">
                    {t(`groups.${g}`)}
                  </h2>
                  <ul className="divide-y divide-slate-100">
                    {inGroup.map((h) => (
                      <li key={hitKey(h)}>
                        <Link
                          href={hitHref(h, canViewPayments)}
                          prefetch={false}
                          className="flex min-w-0 flex-col gap-0.5 px-4 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50"
                        >
                          <HitContent h={h} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <p className="border-t border-slate-100 px-4 py-2 text-sm">
                    {results[g]?.more && <span className="me-2 text-slate-600">{t("moreInList")}</span>}
                    <Link href={seeAllHref(g, results.text)} prefetch={false} className="font-medium text-brand-700 hover:underline">
                      {t(`seeAllIn.${g}`)}
                    </Link>
                  </p>
                </section>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}
