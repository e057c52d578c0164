// /admin/roles: the gateway's roles, searched and paged at the gateway (each page is mirrored as it is read).
// When the gateway does not answer, the last mirrored roles are listed instead, with a warning.
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { readerErrorText } from "@/server/i18n/error-text";
import { ClientMessages } from "@/components/i18n/client-messages";
import { currentUiPrefs } from "@/server/i18n/prefs";
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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("roles");
  return { title: t("title") };
}
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
  const t = await getTranslations("roles");
  const { principal, allowed } = await pageAccess("ROLES_MANAGE");
  if (!allowed) return <Forbidden area={t("title")} permission="ROLES_MANAGE" />;
  const query = readQuery(await searchParams);
  const ctx = await appContext({ principal });
  let result: RoleSearchResult | null = null;
  let problem: { tone: "warning" | "error"; message: string } | null = null;
  try {
    result = await searchRoles(ctx, query);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    problem = { tone: e.code === "gateway_unavailable" ? "warning" : "error", message: (await readerErrorText())(e.messageKey) };
    if (e.code === "gateway_unavailable") result = await mirroredRoles(ctx, query, (await currentUiPrefs()).language);
  }
  const fromMirror = problem?.tone === "warning";

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            {principal.userType === "SUPER_ADMIN" && (
              <ClientMessages namespaces={["roles"]}>
                <RefreshButton />
              </ClientMessages>
            )}
            {/* No prefetch: the editor's form code stays out of the list's load (it comes on the click). */}
            <Link href="/admin/roles/new" prefetch={false} className={buttonClasses()}>
              {t("newRole")}
            </Link>
          </>
        }
      />
      <form
        method="get"
        action="/admin/roles"
        role="search"
        aria-label={t("search.form")}
        className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
      >
        <InputField
          wrapperClassName="min-w-64 flex-1"
          label={t("search.label")}
          name="text"
          type="search"
          dir="auto"
          defaultValue={query.text}
          maxLength={100}
          placeholder={t("search.placeholder")}
        />
        <SelectField wrapperClassName="w-32" label={t("search.perPage")} name="size" defaultValue={String(query.size)}>
          {ROLE_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t("search.submit")}
        </Button>
      </form>
      {problem && (
        <Alert tone={problem.tone} title={fromMirror ? t("search.mirrorTitle") : t("search.refusedTitle")}>
          {problem.message}
        </Alert>
      )}
      {result &&
        (result.items.length === 0 ? (
          <EmptyState
            title={query.text ? t("search.noMatch") : t("search.none")}
            description={query.page > 0 ? t("search.pastLast") : query.text ? t("search.tryAnother") : t("search.createFirst")}
            action={
              query.text || query.page > 0 ? (
                <Link href="/admin/roles" className={buttonClasses({ variant: "secondary" })}>
                  {t("search.clear")}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <div className="overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs">
            <RolesTable items={result.items} caption={fromMirror ? t("table.captionMirror") : t("table.captionGateway")} />
            <div className="border-t border-slate-200">
              <Pager
                page={result.page.number}
                totalPages={result.page.totalPages}
                hrefOf={(n) => hrefFor(query, n)}
                summary={t("search.count", { count: result.page.totalElements })}
              />
            </div>
          </div>
        ))}
    </div>
  );
}
