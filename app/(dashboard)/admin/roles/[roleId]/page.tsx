// /admin/roles/[roleId] ([roleId] is the dashboard's id): the role as the gateway holds it now (read and mirrored
// on every visit) and the form to edit it. A 404 from the gateway is the not-found page; an unreachable gateway
// shows the last mirrored copy, read-only.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { readerErrorText } from "@/server/i18n/error-text";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { permissionName, roleParamsSchema, type RoleDetail, type RoleView } from "@/lib/schemas/admin-roles";
import { pageAccess } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { appContext } from "@/server/services/app-deps";
import { grantableBy, holdsRole, isSuperAdmin } from "@/server/services/admin/grant-rules";
import { getRole, mirroredRole } from "@/server/services/admin/roles/get-role";
import { RoleForm } from "../_components/role-form";
import { isPermission, moduleOf, type PermissionModule } from "@/lib/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("roles.role");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children ?? <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

async function MirrorFacts({ role }: { role: RoleView }) {
  const t = await getTranslations("roles");
  return (
    <dl>
      <Detail label={t("role.gatewayId")}>
        {role.gatewayRoleId ? (
          <bdi dir="ltr" className="font-mono text-xs">
            {role.gatewayRoleId}
          </bdi>
        ) : null}
      </Detail>
      <Detail label={t("role.businessUnit")}>
        {role.businessUnitId ? (
          <bdi dir="ltr" className="font-mono text-xs">
            {role.businessUnitId}
          </bdi>
        ) : null}
      </Detail>
      <Detail label={t("role.mirroredAt")}>{role.mirroredAt ? <LocalTime iso={role.mirroredAt} withSeconds /> : t("role.never")}</Detail>
      <Detail label={t("role.permissions")}>
        {role.permissions.length ? (
          <span className="flex flex-wrap gap-1">
            {role.permissions.map((p) => (
              <Badge key={p} tone="neutral">
                <bdi
                  dir="ltr"
                  title={isPermission(p) ? `${t(`modules.${moduleOf(p) as PermissionModule}`)}: ${t(`permissions.${p}`)}` : undefined}
                >
                  {p}
                </bdi>
              </Badge>
            ))}
          </span>
        ) : (
          t("role.none")
        )}
      </Detail>
    </dl>
  );
}

/** What a create just reported, carried in the URL to this page (names only, validated). */
function savedNotice(sp: SearchParams): { saved: string; notAssigned: string[] } | null {
  if (sp.saved !== "created") return null;
  const raw = typeof sp.notAssigned === "string" ? sp.notAssigned.split(",").slice(0, 50) : [];
  const notAssigned = raw.flatMap((n) => {
    const r = permissionName.safeParse(n);
    return r.success ? [r.data] : [];
  });
  return { saved: "created", notAssigned };
}

export default async function RolePage({
  params,
  searchParams,
}: {
  params: Promise<{ roleId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const t = await getTranslations("roles");
  const { principal, allowed } = await pageAccess("ROLES_MANAGE");
  if (!allowed) return <Forbidden area={t("role.title")} permission="ROLES_MANAGE" />;
  const parsed = roleParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const roleId = parsed.data.roleId;
  const ctx = await appContext({ principal });
  let role: RoleDetail | null = null;
  let problem: AppError | null = null;
  try {
    role = await getRole(ctx, { roleId });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    problem = e;
  }
  if (problem?.code === "not_found") notFound();

  if (!role) {
    const mirror = await mirroredRole(ctx, { roleId });
    if (!mirror) notFound();
    return (
      <div className="max-w-5xl space-y-6">
        <PageHeader
          title={<bdi>{mirror.name}</bdi>}
          back={{ href: "/admin/roles", label: t("title") }}
          description={<span dir="auto">{mirror.description}</span>}
        />
        <Alert tone={problem?.code === "gateway_unavailable" ? "warning" : "error"} title={t("role.cannotEdit")}>
          {problem && (await readerErrorText())(problem.messageKey)}
        </Alert>
        <Card title={t("role.lastCopy")}>
          <MirrorFacts role={mirror} />
        </Card>
      </div>
    );
  }

  // Nobody but a super-admin edits a role they hold (they would be raising their own power): no form for them.
  const ownRole = !isSuperAdmin(principal) && (await holdsRole(ctx.deps.db, principal.userId, role.id));
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title={<bdi>{role.name}</bdi>}
        back={{ href: "/admin/roles", label: t("title") }}
        description={role.description ? <span dir="auto">{role.description}</span> : undefined}
        meta={<Badge tone="info">{t("role.permissionCount", { count: role.permissions.length })}</Badge>}
      />
      {ownRole ? (
        <Alert tone="info" title={t("role.youHoldTitle")}>
          {t("role.youHoldBody")}
        </Alert>
      ) : (
        <Card title={t("role.edit")}>
          <ClientMessages namespaces={["roles"]}>
            <RoleForm
              roleId={role.id}
              defaults={{ name: role.name, description: role.description, permissions: [...role.permissions, ...role.otherPermissions] }}
              otherPermissions={role.otherPermissions}
              initialNotice={savedNotice(await searchParams)}
              grantable={grantableBy(principal)}
            />
          </ClientMessages>
        </Card>
      )}
      <Card title={t("role.mirror")}>
        <MirrorFacts role={role} />
      </Card>
    </div>
  );
}
