// /admin/roles: the gateway's roles, searched and paged at the gateway (each page is mirrored as it is read).
// When the gateway does not answer, the last mirrored roles are listed instead, with a warning.
import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Pager } from "@/components/list/pager";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { EmptyState } from "@/components/ui/empty-state";
import { InputField, SelectField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import {
  DEFAULT_ROLE_PAGE_SIZE,
  ROLE_PAGE_SIZES,
  searchRolesSchema,
  type RoleSearchResult,
  type SearchRolesQuery,
} from "@/lib/schemas/admin-roles";
import { pageAccess } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { appContext } from "@/server/services/app-deps";
import { mirroredRoles, searchRoles } from "@/server/services/admin/roles/search-roles";
import { RefreshButton } from "./_components/refresh-button";
import { RolesTable } from "./_components/roles-table";

export const metadata: Metadata = { title: "Roles" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

/** Each parameter on its own: an invalid one falls back to its default (section 8) instead of failing the page. */
function readQuery(sp: SearchParams): SearchRolesQuery {
  const first = (k: string) => {
    const v = sp[k];
    const s = Array.isArray(v) ? v[0] : v;
    return s === "" ? undefined : s;
  };
  const shape = searchRolesSchema.shape;
  const pick = <T,>(r: { success: true; data: T } | { success: false }, fallback: T) => (r.success ? r.data : fallback);
  return {
    text: pick(shape.text.safeParse(first("text")), ""),
    page: pick(shape.page.safeParse(first("page")), 0),
    size: pick(shape.size.safeParse(first("size")), DEFAULT_ROLE_PAGE_SIZE),
  };
}

function hrefFor(q: SearchRolesQuery, page: number): string {
  const p = new URLSearchParams();
  if (q.text) p.set("text", q.text);
  if (page > 0) p.set("page", String(page));
  if (q.size !== DEFAULT_ROLE_PAGE_SIZE) p.set("size", String(q.size));
  const s = p.toString();
  return s ? `/admin/roles?${s}` : "/admin/roles";
}

export default async function RolesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { principal, allowed } = await pageAccess("ROLES_MANAGE");
  if (!allowed) return <Forbidden area="Roles" permission="ROLES_MANAGE" />;
  const query = readQuery(await searchParams);
  const ctx = await appContext({ principal });
  let result: RoleSearchResult | null = null;
  let problem: { tone: "warning" | "error"; message: string } | null = null;
  try {
    result = await searchRoles(ctx, query);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    problem = { tone: e.code === "gateway_unavailable" ? "warning" : "error", message: e.userMessage };
    if (e.code === "gateway_unavailable") result = await mirroredRoles(ctx, query);
  }
  const fromMirror = problem?.tone === "warning";

  return (
    <div className="space-y-6">
      <PageHeader
        title="Roles"
        description="The gateway's roles and their permissions. The dashboard keeps a copy (the mirror) that decides what each user may do."
        actions={
          <>
            {principal.userType === "SUPER_ADMIN" && <RefreshButton />}
            <Link href="/admin/roles/new" className={buttonClasses()}>
              New role
            </Link>
          </>
        }
      />
      <form
        method="get"
        action="/admin/roles"
        role="search"
        aria-label="Search roles"
        className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
      >
        <InputField
          wrapperClassName="min-w-64 flex-1"
          label="Search"
          name="text"
          type="search"
          defaultValue={query.text}
          maxLength={100}
          placeholder="Part of a name or description"
        />
        <SelectField wrapperClassName="w-32" label="Per page" name="size" defaultValue={String(query.size)}>
          {ROLE_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {problem && (
        <Alert tone={problem.tone} title={fromMirror ? "Showing the last mirrored roles" : "The gateway refused the search"}>
          {problem.message}
        </Alert>
      )}
      {result &&
        (result.items.length === 0 ? (
          <EmptyState
            title={query.text ? "No role matches this search" : "No roles yet"}
            description={
              query.page > 0 ? "This page is past the last one." : query.text ? "Try another part of the name." : "Create the first role."
            }
            action={
              query.text || query.page > 0 ? (
                <Link href="/admin/roles" className={buttonClasses({ variant: "secondary" })}>
                  Clear search
                </Link>
              ) : undefined
            }
          />
        ) : (
          <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
            <RolesTable items={result.items} caption={fromMirror ? "Last mirrored roles" : "Roles at the gateway"} />
            <div className="border-t border-slate-200">
              <Pager
                page={result.page.number}
                totalPages={result.page.totalPages}
                hrefOf={(n) => hrefFor(query, n)}
                summary={`${result.page.totalElements} ${result.page.totalElements === 1 ? "role" : "roles"}`}
              />
            </div>
          </div>
        ))}
    </div>
  );
}
