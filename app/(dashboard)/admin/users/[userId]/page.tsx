// /admin/users/[userId]: one user's live sessions and sign-in history, for super-admins, who can end one session
// or all of them. Others see the refusal (the services refuse them too).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Forbidden } from "@/components/auth/forbidden";
import { SessionsTable, toSessionRowView } from "@/components/sessions/sessions-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button-styles";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { userParams } from "@/lib/schemas/admin-users";
import { pageAccess } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { listUserSessions } from "@/server/services/admin/users/list-user-sessions";
import { appContext } from "@/server/services/app-deps";
import { EndSessionsButton } from "./_components/end-sessions-button";
import { SignInHistory } from "./_components/sign-in-history";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users.user");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function UserSessionsPage({ params }: { params: Promise<{ userId: string }> }) {
  const t = await getTranslations("users.user");
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed || principal.userType !== "SUPER_ADMIN") return <Forbidden area={t("title")} permission="SUPER_ADMIN" />;
  const parsed = userParams.safeParse(await params);
  if (!parsed.success) notFound();
  const report = await listUserSessions(await appContext({ principal }), { userId: parsed.data.userId }).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  });
  const { user } = report;
  const sessions = report.sessions.map(toSessionRowView);
  return (
    <div className="space-y-6">
      <PageHeader
        title={<bdi dir="auto">{user.name}</bdi>}
        description={
          <>
            <bdi dir="ltr">{user.email}</bdi> · {user.userType === "SUPER_ADMIN" ? t("superAdmin") : t("user")} ·{" "}
            {user.status === "active" ? t("active") : t("disabled")}
          </>
        }
        actions={
          <Link href="/admin/users" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            {t("back")}
          </Link>
        }
      />
      {(report.secondFactorLocks.signIn || report.secondFactorLocks.stepUp) && (
        <Alert tone="warning" title={t("factorLockedTitle")}>
          <div className="space-y-1">
            {report.secondFactorLocks.signIn && (
              <p>{t.rich("factorLockedSignIn", { time: () => <LocalTime iso={report.secondFactorLocks.signIn!.toISOString()} /> })}</p>
            )}
            {report.secondFactorLocks.stepUp && (
              <p>{t.rich("factorLockedStepUp", { time: () => <LocalTime iso={report.secondFactorLocks.stepUp!.toISOString()} /> })}</p>
            )}
            <p>{t("factorLockedHelp")}</p>
          </div>
        </Alert>
      )}
      {report.lockedUntil && (
        <Alert tone="warning" title={t("lockedTitle")}>
          {t.rich("lockedBody", { time: () => <LocalTime iso={report.lockedUntil!.toISOString()} /> })}
        </Alert>
      )}
      <Card
        title={t("liveSessions")}
        description={t("liveSessionsDescription", { count: sessions.length })}
        actions={
          <ClientMessages namespaces={["users"]}>
            <EndSessionsButton
              userId={user.id}
              label={t("endAll")}
              disabledReason={sessions.length === 0 ? t("noLiveSession") : undefined}
            />
          </ClientMessages>
        }
        padded={false}
      >
        {sessions.length > 0 && (
          <ClientMessages namespaces={["users"]}>
            <SessionsTable
              caption={t("liveSessionsOf", { name: user.name })}
              sessions={sessions}
              action={(s) => (
                <EndSessionsButton
                  userId={user.id}
                  sessionId={s.id}
                  label={t("end")}
                  ariaLabel={s.ip ? t("endOne", { browser: s.browser, ip: s.ip }) : t("endOneUnknownIp", { browser: s.browser })}
                />
              )}
            />
          </ClientMessages>
        )}
      </Card>
      <Card
        title={t("history")}
        description={
          <>
            {t("historyDescription")}{" "}
            {report.failuresLastDay > 0 ? (
              <Badge tone="warning">{t("failedLastDay", { count: report.failuresLastDay })}</Badge>
            ) : (
              t("noFailedLastDay")
            )}
          </>
        }
        padded={false}
      >
        <SignInHistory events={report.history.map((h) => ({ ...h, at: h.at.toISOString() }))} />
      </Card>
    </div>
  );
}
