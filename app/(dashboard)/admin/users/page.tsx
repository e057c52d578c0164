// /admin/users: who can sign in, with which roles. A table on a wide screen; on a phone each user is a card (the
// same table restyled with CSS: header hidden, cells stacked with their labels), so nothing scrolls sideways.
import { TextSearchForm } from "@/components/list/text-search-form";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { matchesSearch, sortByName } from "@/lib/admin/names";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { isSuperAdmin, notHeldBy } from "@/server/services/admin/grant-rules";
import { listUsers } from "@/server/services/admin/users/list-users";
import { appContext } from "@/server/services/app-deps";
import { PERMISSIONS } from "@/lib/permissions";
import { NewUserButton } from "./_components/new-user-button";
import { UserRowActions } from "./_components/user-row-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** On a phone a cell is a block in the card's grid; the wide ones take the whole row. */
const PHONE_CELL = "max-sm:block max-sm:py-1";
const PHONE_CELL_WIDE = "max-sm:col-span-2 max-sm:block max-sm:py-1";

/** The column's name, shown only on a phone where the header row is hidden. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-medium text-slate-500 sm:hidden">
      {children}
    </span>
  );
}

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations("users");
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed) return <Forbidden area={t("title")} permission="USERS_MANAGE" />;
  const prefs = await currentUiPrefs();
  const { language } = prefs;
  const rawQ = (await searchParams).q;
  const q = (Array.isArray(rawQ) ? rawQ[0] : rawQ)?.slice(0, 100) ?? "";
  const listed = await listUsers(await appContext({ principal }), prefs);
  // The search is over names (Arabic or English, spelling-tolerant) and e-mails; the list is small, so in memory.
  const users = listed.users.filter((u) => matchesSearch(q, [u.name, u.email]));
  // Role names in the reader's collation (the SQL order is code points under PGlite's C collation).
  const roles = sortByName(listed.roles, (r) => r.name, language);
  // Offer only what the viewer may do (the services refuse the rest): roles whose permissions they hold, no
  // controls on their own row, none on a super-admin's unless they are one.
  const superAdmin = isSuperAdmin(principal);
  const grantable = roles.filter((r) => notHeldBy(principal, r.permissions).length === 0);
  const rowRoles = roles.map((r) => ({ id: r.id, name: r.name, grantable: grantable.includes(r) }));
  const lockedReason = (u: (typeof users)[number]) =>
    u.id === principal.userId ? t("locked.you") : u.userType === "SUPER_ADMIN" && !superAdmin ? t("locked.changeSuperAdmin") : null;
  const enableReason = (u: (typeof users)[number]) => {
    const beyond = notHeldBy(principal, [
      ...roles.filter((r) => u.roles.some((h) => h.id === r.id)).flatMap((r) => r.permissions),
      ...u.extraPermissions,
    ]);
    return beyond.length ? t("locked.reEnable", { names: beyond.join(", ") }) : null;
  };
  return (
    // One provider for the page's client parts (the new-user button and every row's actions).
    <ClientMessages namespaces={["users"]}>
      <div className="space-y-6">
        <PageHeader
          title={t("title")}
          description={t("description")}
          actions={
            <NewUserButton
              roles={grantable.map((r) => ({ name: r.name, summary: r.summary }))}
              canGrantSuperAdmin={superAdmin}
              permissions={superAdmin ? PERMISSIONS : []}
            />
          }
        />
        <TextSearchForm
          action="/admin/users"
          formLabel={t("search.form")}
          label={t("search.label")}
          value={q}
          placeholder={t("search.placeholder")}
          submitLabel={t("search.submit")}
          clearLabel={t("search.clear")}
        />
        {q && users.length === 0 && (
          <p role="status" className="text-sm text-slate-600">
            {t("search.none")}
          </p>
        )}
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <Table caption={t("table.caption")} captionHidden className="max-sm:block">
            <THead className="max-sm:sr-only">
              <TR>
                <TH>{t("table.user")}</TH>
                <TH>{t("table.type")}</TH>
                <TH>{t("table.roles")}</TH>
                <TH>{t("table.state")}</TH>
                <TH>{t("table.lastSignIn")}</TH>
                <TH>
                  <span className="sr-only">{t("table.actions")}</span>
                </TH>
              </TR>
            </THead>
            <TBody className="max-sm:block">
              {users.map((u) => (
                <TR key={u.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2">
                  <TD className={PHONE_CELL_WIDE}>
                    {/* Super-admins open the user's sessions and sign-in history (app/(dashboard)/admin/users/[userId]). */}
                    {principal.userType === "SUPER_ADMIN" ? (
                      <Link
                        href={`/admin/users/${u.id}`}
                        className="font-medium text-brand-700 underline-offset-2 hover:underline"
                        dir="auto"
                      >
                        {u.name}
                      </Link>
                    ) : (
                      <span className="font-medium" dir="auto">
                        {u.name}
                      </span>
                    )}
                    <span className="block text-xs text-slate-600">
                      <bdi dir="ltr">{u.email}</bdi>
                    </span>
                  </TD>
                  <TD className={PHONE_CELL}>
                    <PhoneLabel>{t("table.type")}</PhoneLabel>
                    {u.userType === "SUPER_ADMIN" ? <Badge tone="info">{t("table.superAdmin")}</Badge> : t("table.user_")}
                  </TD>
                  <TD className={PHONE_CELL}>
                    <PhoneLabel>{t("table.roles")}</PhoneLabel>
                    {u.userType === "SUPER_ADMIN" ? (
                      <span className="text-slate-600">{t("table.allPermissions")}</span>
                    ) : u.roles.length ? (
                      <span dir="auto">
                        {sortByName(u.roles, (r) => r.name, language)
                          .map((r) => r.name)
                          .join(language === "ar" ? "، " : ", ")}
                      </span>
                    ) : (
                      <span className="text-slate-500">{t("table.none")}</span>
                    )}
                  </TD>
                  <TD className={PHONE_CELL}>
                    <PhoneLabel>{t("table.state")}</PhoneLabel>
                    {/* Invited and never signed in: not yet someone who uses the dashboard (re-send is in the actions). */}
                    {u.status === "active" && u.invitationPending ? (
                      <Badge tone="warning">{t("table.invitationPending")}</Badge>
                    ) : u.status === "active" ? (
                      <Badge tone="success">{t("table.active")}</Badge>
                    ) : (
                      <Badge tone="danger">{t("table.disabled")}</Badge>
                    )}
                    {/* Disabled by the daily inactivity pass (PCI DSS 8.2.6): say so, and since when it was unused. */}
                    {u.inactiveSince && (
                      <span className="mt-1 block text-xs text-slate-600">
                        {t.rich("table.inactiveSince", { date: () => <LocalTime iso={u.inactiveSince!.toISOString()} /> })}
                      </span>
                    )}
                  </TD>
                  <TD className={`${PHONE_CELL} sm:whitespace-nowrap`}>
                    <PhoneLabel>{t("table.lastSignIn")}</PhoneLabel>
                    {u.lastSignInAt ? (
                      <LocalTime iso={u.lastSignInAt.toISOString()} relative />
                    ) : (
                      <span className="text-slate-500">{t("table.never")}</span>
                    )}
                  </TD>
                  <TD className={PHONE_CELL_WIDE}>
                    <UserRowActions
                      user={{
                        id: u.id,
                        name: u.name,
                        email: u.email,
                        status: u.status,
                        roleIds: u.roles.map((r) => r.id),
                        invitationPending: u.invitationPending,
                      }}
                      roles={rowRoles}
                      lockedReason={lockedReason(u)}
                      enableBlockedReason={enableReason(u)}
                      canResetFactors={principal.userType === "SUPER_ADMIN" && u.id !== principal.userId}
                    />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      </div>
    </ClientMessages>
  );
}
