// /admin/roles/new: create a role at the gateway (it is mirrored at once).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Forbidden } from "@/components/auth/forbidden";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { grantableBy } from "@/server/services/admin/grant-rules";
import { RoleForm } from "../_components/role-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("roles");
  return { title: t("new.title") };
}
export const dynamic = "force-dynamic";

export default async function NewRolePage() {
  const t = await getTranslations("roles");
  const { principal, allowed } = await pageAccess("ROLES_MANAGE");
  if (!allowed) return <Forbidden area={t("new.title")} permission="ROLES_MANAGE" />;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title={t("new.title")} back={{ href: "/admin/roles", label: t("title") }} description={t("new.description")} />
      <Card>
        <ClientMessages namespaces={["roles"]}>
          <RoleForm defaults={{ name: "", description: "", permissions: [] }} grantable={grantableBy(principal)} />
        </ClientMessages>
      </Card>
    </div>
  );
}
