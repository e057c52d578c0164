// The Account page's "Two-step verification" section: the user's authenticator app, passkeys (name, last use) and
// how many recovery codes are left, with the actions to add, remove and regenerate (two-step-actions.tsx).
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import type { Principal } from "@/server/auth/principal";
import { listOwnFactors } from "@/server/services/account/own-factors";
import { appContext } from "@/server/services/app-deps";
import { TotpSetupButton } from "./totp-setup-button";
import { AddPasskeyButton, RegenerateCodesButton, RemoveFactorButton } from "./two-step-actions";

const LOW = 3;

function LastUsed({ at }: { at: Date | null }) {
  return (
    <span className="text-xs text-slate-500">
      {at ? (
        <>
          Last used <LocalTime iso={at.toISOString()} />
        </>
      ) : (
        "Never used"
      )}
    </span>
  );
}

export async function TwoStepSection({ principal }: { principal: Principal }) {
  const factors = await listOwnFactors(await appContext({ principal }));
  const hasAny = !!factors.totp || factors.passkeys.length > 0;
  return (
    <section aria-labelledby="two-step-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="two-step-heading" className="text-base font-semibold">
        Two-step verification
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {principal.mfaRequired
          ? "Required for your account: after your password, the dashboard asks for one of these."
          : hasAny
            ? "After your password, the dashboard asks for one of these."
            : "Not required for your account. Once you set one up, the dashboard asks for it after your password at every sign-in."}
      </p>
      <ul className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
        <li className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">Authenticator app</p>
            {factors.totp ? <LastUsed at={factors.totp.lastUsedAt} /> : <span className="text-xs text-slate-500">Not set up</span>}
          </div>
          {factors.totp && <RemoveFactorButton factor={{ kind: "totp" }} label="the authenticator app" />}
        </li>
        {factors.passkeys.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="text-sm font-medium">
                Passkey: <bdi dir="auto">{p.name}</bdi>
              </p>
              <LastUsed at={p.lastUsedAt} />
            </div>
            <RemoveFactorButton factor={{ kind: "passkey", id: p.id }} label={`the passkey ${p.name}`} />
          </li>
        ))}
        <li className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">Recovery codes</p>
            <span className="text-xs text-slate-500">{factors.recoveryCodesLeft} left</span>
          </div>
          {hasAny && factors.recoveryCodesLeft <= LOW && <Badge tone="warning">Few left: make new ones</Badge>}
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
