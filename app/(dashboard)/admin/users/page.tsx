import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { isSuperAdmin, MESSAGES, notHeldBy } from "@/server/services/admin/grant-rules";
import { listUsers } from "@/server/services/admin/users/list-users";
import { appContext } from "@/server/services/app-deps";
import { PERMISSIONS } from "@/lib/permissions";
import { NewUserButton } from "./_components/new-user-button";
import { UserRowActions } from "./_components/user-row-actions";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed) return <Forbidden area="Users" permission="USERS_MANAGE" />;
  const { users, roles } = await listUsers(await appContext({ principal }));
  // Offer only what the viewer may do (the services refuse the rest): roles whose permissions they hold, no
  // controls on their own row, none on a super-admin's unless they are one.
  const superAdmin = isSuperAdmin(principal);
  const grantable = roles.filter((r) => notHeldBy(principal, r.permissions).length === 0);
  const rowRoles = roles.map((r) => ({ id: r.id, name: r.name, grantable: grantable.includes(r) }));
  const lockedReason = (u: (typeof users)[number]) =>
    u.id === principal.userId
      ? "This is you: another administrator changes your roles and status."
      : u.userType === "SUPER_ADMIN" && !superAdmin
        ? MESSAGES.changeSuperAdmin
        : null;
  const enableReason = (u: (typeof users)[number]) => {
    const beyond = notHeldBy(principal, [
      ...roles.filter((r) => u.roles.some((h) => h.id === r.id)).flatMap((r) => r.permissions),
      ...u.extraPermissions,
    ]);
    return beyond.length ? MESSAGES.reEnable(beyond) : null;
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Who can sign in to the dashboard, with which roles. Disabling a user ends their sessions at once."
        actions={
          <NewUserButton
            roleNames={grantable.map((r) => r.name)}
            canGrantSuperAdmin={superAdmin}
            permissions={superAdmin ? PERMISSIONS : []}
          />
        }
      />
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <Table caption="Dashboard users" captionHidden>
          <THead>
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
          <TBody>
            {users.map((u) => (
              <TR key={u.id}>
                <TD>
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
                <TD>{u.userType === "SUPER_ADMIN" ? <Badge tone="info">Super-admin</Badge> : "User"}</TD>
                <TD>
                  {u.userType === "SUPER_ADMIN" ? (
                    <span className="text-slate-600">All permissions</span>
                  ) : (
                    u.roles.map((r) => r.name).join(", ") || <span className="text-slate-500">None</span>
                  )}
                </TD>
                <TD>{u.status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</TD>
                <TD>{u.lastSignInAt ? <LocalTime iso={u.lastSignInAt.toISOString()} /> : <span className="text-slate-500">Never</span>}</TD>
                <TD>
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
