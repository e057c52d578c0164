// /admin/roles/new: create a role at the gateway (it is mirrored at once).
import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { grantableBy } from "@/server/services/admin/grant-rules";
import { RoleForm } from "../_components/role-form";

export const metadata: Metadata = { title: "New role" };
export const dynamic = "force-dynamic";

export default async function NewRolePage() {
  const { principal, allowed } = await pageAccess("ROLES_MANAGE");
  if (!allowed) return <Forbidden area="New role" permission="ROLES_MANAGE" />;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="New role"
        back={{ href: "/admin/roles", label: "Roles" }}
        description="The role is created at the gateway; the dashboard mirrors it."
      />
      <Card>
        <RoleForm defaults={{ name: "", description: "", permissions: [] }} grantable={grantableBy(principal)} />
      </Card>
    </div>
  );
}
