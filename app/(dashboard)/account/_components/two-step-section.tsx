// The Account page's "Two-step verification" section: the user's authenticator app, passkeys (name, last use) and
// how many recovery codes are left, with the actions to add, remove and regenerate (two-step-actions.tsx).
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { Principal } from "@/server/auth/principal";
import { listOwnFactors } from "@/server/services/account/own-factors";
import { appContext } from "@/server/services/app-deps";
import { TotpSetupButton } from "./totp-setup-button";
import { AddPasskeyButton, RegenerateCodesButton, RemoveFactorButton } from "./two-step-actions";

const LOW = 3;

function LastUsed({ at }: { at: Date | null }) {
  const t = useTranslations("account");
  return (
    <span className="text-xs text-slate-500">
      {at ? t.rich("twoStep.lastUsed", { time: () => <LocalTime iso={at.toISOString()} /> }) : t("twoStep.neverUsed")}
    </span>
  );
}

export async function TwoStepSection({ principal }: { principal: Principal }) {
  const factors = await listOwnFactors(await appContext({ principal }));
  const hasAny = !!factors.totp || factors.passkeys.length > 0;
  const t = await getTranslations("account");
  return (
    <section aria-labelledby="two-step-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="two-step-heading" className="text-base font-semibold">
        {t("twoStep.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {principal.mfaRequired ? t("twoStep.required") : hasAny ? t("twoStep.active") : t("twoStep.optional")}
      </p>
      <ul className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
        <li className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">{t("twoStep.app")}</p>
            {factors.totp ? (
              <LastUsed at={factors.totp.lastUsedAt} />
            ) : (
              <span className="text-xs text-slate-500">{t("twoStep.notSetUp")}</span>
            )}
          </div>
          {factors.totp && <RemoveFactorButton factor={{ kind: "totp" }} label={t("twoStep.theApp")} />}
        </li>
        {factors.passkeys.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium">{t.rich("twoStep.passkey", { name: () => <bdi dir="auto">{p.name}</bdi> })}</p>
              <LastUsed at={p.lastUsedAt} />
            </div>
            <RemoveFactorButton factor={{ kind: "passkey", id: p.id }} label={t("twoStep.thePasskey", { name: p.name })} />
          </li>
        ))}
        <li className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">{t("twoStep.recoveryCodes")}</p>
            <span className="text-xs text-slate-500">{t("twoStep.codesLeft", { count: factors.recoveryCodesLeft })}</span>
          </div>
          {hasAny && factors.recoveryCodesLeft <= LOW && <Badge tone="warning">{t("twoStep.fewLeft")}</Badge>}
        </li>
      </ul>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {!factors.totp && <TotpSetupButton />}
        <AddPasskeyButton />
        {hasAny && <RegenerateCodesButton />}
      </div>
    </section>
  );
}
