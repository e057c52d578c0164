// "Where you're signed in": the user's live sessions (this browser marked) and "Sign out other sessions".
import { getTranslations } from "next-intl/server";
import { SessionsTable, toSessionRowView } from "@/components/sessions/sessions-table";
import type { Principal } from "@/server/auth/principal";
import { listOwnSessions } from "@/server/services/account/list-own-sessions";
import { appContext } from "@/server/services/app-deps";
import { SignOutOthersButton } from "./sign-out-others-button";

export async function SignedInSessions({ principal }: { principal: Principal }) {
  const sessions = (await listOwnSessions(await appContext({ principal }))).map(toSessionRowView);
  const others = sessions.filter((s) => !s.current).length;
  const t = await getTranslations("account");
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-base font-semibold">
            {t("sessions.heading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {others === 0 ? t("sessions.onlyThis") : t("sessions.others", { count: others })} {t("sessions.unrecognised")}
          </p>
        </div>
        <SignOutOthersButton others={others} />
      </div>
      <div className="mt-4">
        <SessionsTable caption={t("sessions.caption")} sessions={sessions} />
      </div>
    </section>
  );
}
