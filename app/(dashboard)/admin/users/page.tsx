import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { pageAccess } from "@/server/auth/session";
import { getDatabase } from "@/server/db";
import { listUsers } from "@/server/services/admin/users/list-users";
import { NewUserButton } from "./_components/new-user-button";
import { UserRowActions } from "./_components/user-row-actions";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed) return <Forbidden area="Users" permission="USERS_MANAGE" />;
  const { db } = await getDatabase();
  const { users, roles } = await listUsers(db, principal);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Who can sign in to the dashboard, with which roles. Disabling a user ends their sessions at once."
        actions={<NewUserButton roleNames={roles.map((r) => r.name)} />}
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
                  <span className="font-medium" dir="auto">
                    {u.name}
                  </span>
                  <span className="block text-xs text-slate-600">
                    <bdi dir="ltr">{u.email}</bdi>
                  </span>
                </TD>
                <TD>{u.userType === "SUPER_ADMIN" ? <Badge tone="info">Super-admin</Badge> : "User"}</TD>
                <TD>{u.userType === "SUPER_ADMIN" ? <span className="text-slate-600">All permissions</span> : u.roles.map((r) => r.name).join(", ") || <span className="text-slate-500">None</span>}</TD>
                <TD>{u.status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</TD>
                <TD>{u.lastSignInAt ? <LocalTime iso={u.lastSignInAt.toISOString()} /> : <span className="text-slate-500">Never</span>}</TD>
                <TD>
                  <UserRowActions user={{ id: u.id, name: u.name, status: u.status, roleIds: u.roles.map((r) => r.id) }} roles={roles} isSelf={u.id === principal.userId} canResetFactors={principal.userType === "SUPER_ADMIN" && u.id !== principal.userId} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </div>
  );
}
