// A user whose password was generated (the first super-admin) must choose their own before anything else works.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StepShell } from "@/components/auth/step-shell";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { ChangePasswordForm } from "../../../(dashboard)/account/_components/change-password-form";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

export default async function ChangePasswordStepPage() {
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect("/login");
  if (current.step !== "change_password") redirect(PENDING_STEP_PAGES[current.step]);
  return (
    <StepShell
      title="Choose a new password"
      description="Your password was set for you. Choose your own to continue; you then sign in again with it."
    >
      <QueryProvider>
        <ChangePasswordForm />
      </QueryProvider>
    </StepShell>
  );
}
