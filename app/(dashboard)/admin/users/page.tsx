// /admin/users: who can sign in, with which roles. A table on a wide screen; on a phone each user is a card (the
// same table restyled with CSS: header hidden, cells stacked with their labels), so nothing scrolls sideways.
import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { readerErrorText } from "@/server/i18n/error-text";
import { isSuperAdmin, MESSAGES, notHeldBy } from "@/server/services/admin/grant-rules";
import { listUsers } from "@/server/services/admin/users/list-users";
import { appContext } from "@/server/services/app-deps";
import { PERMISSIONS } from "@/lib/permissions";
import { NewUserButton } from "./_components/new-user-button";
import { UserRowActions } from "./_components/user-row-actions";

export const metadata: Metadata = { title: "Users" };
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

export default async function UsersPage() {
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed) return <Forbidden area="Users" permission="USERS_MANAGE" />;
  const { users, roles } = await listUsers(await appContext({ principal }));
  // Offer only what the viewer may do (the services refuse the rest): roles whose permissions they hold, no
  // controls on their own row, none on a super-admin's unless they are one.
  const superAdmin = isSuperAdmin(principal);
  const grantable = roles.filter((r) => notHeldBy(principal, r.permissions).length === 0);
  const rowRoles = roles.map((r) => ({ id: r.id, name: r.name, grantable: grantable.includes(r) }));
  const say = await readerErrorText();
  const lockedReason = (u: (typeof users)[number]) =>
    u.id === principal.userId
      ? "This is you: another administrator changes your roles and status."
      : u.userType === "SUPER_ADMIN" && !superAdmin
        ? say(MESSAGES.changeSuperAdmin)
        : null;
  const enableReason = (u: (typeof users)[number]) => {
    const beyond = notHeldBy(principal, [
      ...roles.filter((r) => u.roles.some((h) => h.id === r.id)).flatMap((r) => r.permissions),
      ...u.extraPermissions,
    ]);
    return beyond.length ? say(MESSAGES.reEnable(beyond)) : null;
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Who can sign in to the dashboard, with which roles. Disabling a user ends their sessions at once."
        actions={
          <NewUserButton
            roles={grantable.map((r) => ({ name: r.name, summary: r.summary }))}
            canGrantSuperAdmin={superAdmin}
            permissions={superAdmin ? PERMISSIONS : []}
          />
        }
      />
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <Table caption="Dashboard users" captionHidden className="max-sm:block">
          <THead className="max-sm:sr-only">
            <TR>
              <TH>User</TH>
              <TH>Type</TH>
              <TH>Roles</TH>
              <TH>State</TH>
              <TH>Last sign-in</TH>
              <TH>
                <span className="sr-only">Actions</span>
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
                  <PhoneLabel>Type</PhoneLabel>
                  {u.userType === "SUPER_ADMIN" ? <Badge tone="info">Super-admin</Badge> : "User"}
                </TD>
                <TD className={PHONE_CELL}>
                  <PhoneLabel>Roles</PhoneLabel>
                  {u.userType === "SUPER_ADMIN" ? (
                    <span className="text-slate-600">All permissions</span>
                  ) : (
                    u.roles.map((r) => r.name).join(", ") || <span className="text-slate-500">None</span>
                  )}
                </TD>
                <TD className={PHONE_CELL}>
                  <PhoneLabel>State</PhoneLabel>
                  {u.status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}
                </TD>
                <TD className={`${PHONE_CELL} sm:whitespace-nowrap`}>
                  <PhoneLabel>Last sign-in</PhoneLabel>
                  {u.lastSignInAt ? (
                    <LocalTime iso={u.lastSignInAt.toISOString()} relative />
                  ) : (
                    <span className="text-slate-500">Never</span>
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
  );
}
