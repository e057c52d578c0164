// The sign-in's second step for a user with a factor: a code from the authenticator app, a recovery code, or a
// passkey. Only a session that passed the password step and owes its second factor sees it.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StepShell } from "@/components/auth/step-shell";
import { enrolledFactors } from "@/server/auth/mfa/session-factor";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { getDatabase } from "@/server/db";
import { VerifyStep } from "../_components/verify-step";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Two-step verification" };
export const dynamic = "force-dynamic";

export default async function VerifyPage() {
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect("/login");
  if (current.step !== "verify") redirect(PENDING_STEP_PAGES[current.step]);
  const { db } = await getDatabase();
  const factors = await enrolledFactors(db, current.pending.userId);
  return (
    <StepShell title="Two-step verification" description={<>Signing in as <bdi dir="auto">{current.pending.email}</bdi>.</>}>
      <QueryProvider>
        <VerifyStep hasTotp={factors.totp} hasPasskey={factors.passkeys > 0} />
      </QueryProvider>
    </StepShell>
  );
}
