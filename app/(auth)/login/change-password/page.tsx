// A user whose password was generated (the first super-admin) must choose their own before anything else works.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StepShell } from "@/components/auth/step-shell";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { ChangePasswordForm } from "../../../(dashboard)/account/_components/change-password-form";
import { QueryProvider } from "@/components/query-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("changePassword.title") };
}
export const dynamic = "force-dynamic";

export default async function ChangePasswordStepPage() {
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect("/login");
  if (current.step !== "change_password") redirect(PENDING_STEP_PAGES[current.step]);
  const t = await getTranslations("auth");
  return (
    <StepShell title={t("changePassword.title")} description={t("changePassword.intro")}>
      <QueryProvider>
        <ChangePasswordForm continueTo="/overview" />
      </QueryProvider>
    </StepShell>
  );
}
