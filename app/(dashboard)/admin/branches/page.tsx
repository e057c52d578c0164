// /admin/branches: the merchant's branches at the gateway (contract 4.15), searched by name and status, paged by
// the gateway (pages from 0, shown from 1). Server-rendered from the URL; a gateway failure or a refusal for the
// API key's access level (contract 5.3) is an Alert, never a broken page.
import type { Metadata } from "next";
import Link from "next/link";
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

export const metadata: Metadata = { title: "Branches" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const DESCRIPTION = "The merchant's branches as the gateway knows them. Open a branch's payments from its row.";

const FAILURE_TITLE: Partial<Record<AppError["code"], string>> = {
  gateway_unavailable: "The gateway is unavailable",
  gateway_error: "The gateway refused the branch search",
};

export default async function BranchesPage({ searchParams }: { searchParams: SearchParams }) {
  const { principal, allowed } = await pageAccess("BRANCHES_VIEW");
  if (!allowed) return <Forbidden area="Branches" permission="BRANCHES_VIEW" />;

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
        <PageHeader title="Branches" description={DESCRIPTION} />
        <Alert tone="error" title="The search is not valid">
          Correct the highlighted fields and search again.
        </Alert>
        <BranchFilterForm values={values} errors={errors} />
      </div>
    );
  }

  const query = parsed.data;
  let page: BranchSearchPage | null = null;
  let failure: AppError | null = null;
  try {
    page = await searchBranches(await appContext({ principal }), query);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    failure = e;
  }

  return (
    <div className="space-y-5">
      <PageHeader title="Branches" description={DESCRIPTION} />
      <BranchFilterForm values={{ text: query.text, status: query.status, pageSize: String(query.pageSize) }} errors={{}} />
      {failure ? (
        <Alert
          tone="error"
          title={FAILURE_TITLE[failure.code] ?? "The branches could not be loaded"}
          action={<Link href={branchSearchHref(query)}>Try again</Link>}
        >
          {failure.userMessage}
        </Alert>
      ) : (
        page && <Results page={page} query={query} />
      )}
    </div>
  );
}

function Results({ page, query }: { page: BranchSearchPage; query: BranchSearchQuery }) {
  const filtered = Boolean(query.text) || query.status !== "all";
  const hrefOf = (pageNumber: number) => branchSearchHref(query, { pageNumber });
  if (page.items.length === 0) {
    const pastTheEnd = page.totalElements > 0 && query.pageNumber >= page.totalPages;
    return (
      <div className="rounded-md border border-slate-200 bg-white shadow-xs">
        {pastTheEnd ? (
          <EmptyState
            title="This page is past the last one"
            description={`The search has ${page.totalPages} ${page.totalPages === 1 ? "page" : "pages"}.`}
            action={
              <Link href={hrefOf(0)} className={buttonClasses({ variant: "secondary" })}>
                Go to the first page
              </Link>
            }
          />
        ) : filtered ? (
          <EmptyState
            title="No branches match this search"
            description="Try another part of the name, or look at all branches."
            action={
              <Link href="/admin/branches" className={buttonClasses({ variant: "secondary" })}>
                Clear the search
              </Link>
            }
          />
        ) : (
          <EmptyState title="No branches yet" description="The gateway has no branches for this merchant." />
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
          summary={`${page.items.length} of ${page.totalElements} ${page.totalElements === 1 ? "branch" : "branches"}`}
        />
      </div>
    </div>
  );
}
