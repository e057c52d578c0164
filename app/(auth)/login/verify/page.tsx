// The sign-in's second step for a user with a factor: a code from the authenticator app, a recovery code, or a
// passkey. Only a session that passed the password step and owes its second factor sees it.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StepShell } from "@/components/auth/step-shell";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { factorsToVerify } from "@/server/services/account/own-factors";
import { appContext } from "@/server/services/app-deps";
import { VerifyStep } from "../_components/verify-step";
import { QueryProvider } from "@/components/query-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("verify.title") };
}
export const dynamic = "force-dynamic";

export default async function VerifyPage() {
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect("/login");
  if (current.step !== "verify") redirect(PENDING_STEP_PAGES[current.step]);
  const factors = await factorsToVerify(await appContext({ principal: current.pending }));
  const t = await getTranslations("auth");
  return (
    <StepShell
      title={t("verify.title")}
      description={t.rich("verify.signingInAs", { email: () => <bdi dir="ltr">{current.pending.email}</bdi> })}
    >
      <QueryProvider>
        <VerifyStep hasTotp={factors.totp} hasPasskey={factors.passkeys > 0} />
      </QueryProvider>
    </StepShell>
  );
}
