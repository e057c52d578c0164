// /admin/branches: the merchant's branches at the gateway (contract 4.15), searched by name and status, paged by
// the gateway (pages from 0, shown from 1). Server-rendered from the URL; a gateway failure or a refusal for the
// API key's access level (contract 5.3) is an Alert, never a broken page.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { readerErrorText } from "@/server/i18n/error-text";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { Forbidden } from "@/components/auth/forbidden";
import { Pager } from "@/components/list/pager";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { branchSearchHref, branchSearchQuerySchema, type BranchSearchPage, type BranchSearchQuery } from "@/lib/schemas/admin-branches";
import { pageAccess } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { searchBranches } from "@/server/services/admin/branches/search-branches";
import { appContext } from "@/server/services/app-deps";
import { BranchFilterForm } from "./_components/branch-filter-form";
import { BranchesTable } from "./_components/branches-table";
import { readerValidationText } from "@/server/i18n/error-text";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("branches");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function BranchesPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("branches");
  const { principal, allowed } = await pageAccess("BRANCHES_VIEW");
  if (!allowed) return <Forbidden area={t("title")} permission="BRANCHES_VIEW" />;

  const raw = await searchParams;
  const first = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = { text: first("text"), status: first("status"), pageSize: first("pageSize") };
  const parsed = branchSearchQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const say = await readerValidationText(); // the schema's messages are validation keys
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue.message);
    return (
      <div className="space-y-5">
        <PageHeader title={t("title")} description={t("description")} />
        <Alert tone="error" title={t("invalidTitle")}>
          {t("invalidBody")}
        </Alert>
        <BranchFilterForm values={values} errors={errors} />
      </div>
    );
  }

  const query = parsed.data;
  let page: BranchSearchPage | null = null;
  let failure: AppError | null = null;
  try {
    page = await searchBranches(await appContext({ principal }), query, (await currentUiPrefs()).language);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    failure = e;
  }

  return (
    <div className="space-y-5">
      <PageHeader title={t("title")} description={t("description")} />
      <BranchFilterForm values={{ text: query.text, status: query.status, pageSize: String(query.pageSize) }} errors={{}} />
      {failure ? (
        <Alert
          tone="error"
          title={
            failure.code === "gateway_unavailable" || failure.code === "gateway_error" ? t(`failure.${failure.code}`) : t("failure.other")
          }
          action={<Link href={branchSearchHref(query)}>{t("failure.retry")}</Link>}
        >
          {(await readerErrorText())(failure.messageKey)}
        </Alert>
      ) : (
        page && <Results page={page} query={query} t={t} />
      )}
    </div>
  );
}

type BranchesT = Awaited<ReturnType<typeof getTranslations<"branches">>>;

function Results({ page, query, t }: { page: BranchSearchPage; query: BranchSearchQuery; t: BranchesT }) {
  const filtered = Boolean(query.text) || query.status !== "all";
  const hrefOf = (pageNumber: number) => branchSearchHref(query, { pageNumber });
  if (page.items.length === 0) {
    const pastTheEnd = page.totalElements > 0 && query.pageNumber >= page.totalPages;
    return (
      <div className="rounded-md border border-slate-200 bg-white shadow-xs">
        {pastTheEnd ? (
          <EmptyState
            title={t("empty.pastLastTitle")}
            description={t("empty.pastLastBody", { pages: page.totalPages })}
            action={
              <Link href={hrefOf(0)} className={buttonClasses({ variant: "secondary" })}>
                {t("empty.firstPage")}
              </Link>
            }
          />
        ) : filtered ? (
          <EmptyState
            title={t("empty.noMatchTitle")}
            description={t("empty.noMatchBody")}
            action={
              <Link href="/admin/branches" className={buttonClasses({ variant: "secondary" })}>
                {t("empty.clear")}
              </Link>
            }
          />
        ) : (
          <EmptyState title={t("empty.noneTitle")} description={t("empty.noneBody")} />
        )}
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
      <BranchesTable branches={page.items} />
      <div className="border-t border-slate-200">
        <Pager
          page={page.pageNumber}
          totalPages={page.totalPages}
          hrefOf={hrefOf}
          summary={t("summary", { shown: page.items.length, total: page.totalElements })}
        />
      </div>
    </div>
  );
}
