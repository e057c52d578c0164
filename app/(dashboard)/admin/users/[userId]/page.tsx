// /admin/users/[userId]: one user's live sessions and sign-in history, for super-admins, who can end one session
// or all of them. Others see the refusal (the services refuse them too).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
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

export const metadata: Metadata = { title: "User sessions" };
export const dynamic = "force-dynamic";

export default async function UserSessionsPage({ params }: { params: Promise<{ userId: string }> }) {
  const { principal, allowed } = await pageAccess("USERS_MANAGE");
  if (!allowed || principal.userType !== "SUPER_ADMIN") return <Forbidden area="User sessions" permission="SUPER_ADMIN" />;
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
            <bdi dir="ltr">{user.email}</bdi> · {user.userType === "SUPER_ADMIN" ? "Super-admin" : "User"} ·{" "}
            {user.status === "active" ? "Active" : "Disabled"}
          </>
        }
        actions={
          <Link href="/admin/users" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Back to users
          </Link>
        }
      />
      {report.lockedUntil && (
        <Alert tone="warning" title="Sign-in is locked">
          Too many failed sign-ins: this account cannot sign in until <LocalTime iso={report.lockedUntil.toISOString()} />.
        </Alert>
      )}
      <Card
        title="Live sessions"
        description={`${sessions.length === 0 ? "No live session." : `${sessions.length} live session${sessions.length === 1 ? "" : "s"}.`} Ending a session signs that browser out on its next request.`}
        actions={
          <EndSessionsButton
            userId={user.id}
            label="End all sessions"
            disabledReason={sessions.length === 0 ? "No live session." : undefined}
          />
        }
        padded={false}
      >
        {sessions.length > 0 && (
          <SessionsTable
            caption={`Live sessions of ${user.name}`}
            sessions={sessions}
            action={(s) => (
              <EndSessionsButton
                userId={user.id}
                sessionId={s.id}
                label="End"
                ariaLabel={`End the ${s.browser} session from ${s.ip ?? "an unknown address"}`}
              />
            )}
          />
        )}
      </Card>
      <Card
        title="Sign-in history"
        description={
          <>
            The latest sign-ins, failures, locks, second factors and sign-outs.{" "}
            {report.failuresLastDay > 0 ? (
              <Badge tone="warning">{report.failuresLastDay} failed in the last 24 hours</Badge>
            ) : (
              "No failed sign-in in the last 24 hours."
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
