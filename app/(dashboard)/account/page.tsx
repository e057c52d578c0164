import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { requireSignedIn } from "@/server/auth/session";
import { DisplayPreferences } from "./_components/display-preferences";
import { ChangePasswordForm } from "./_components/change-password-form";
import { TwoStepSection } from "./_components/two-step-section";
import { SignedInSessions } from "./_components/signed-in-sessions";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const principal = await requireSignedIn();
  const t = await getTranslations("common");
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader title="Account" description={<bdi dir="auto">{principal.email}</bdi>} />
      <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="password-heading" className="text-base font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">After the change, every session ends and you sign in again with the new password.</p>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="display-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="display-heading" className="text-base font-semibold">
          {t("displayHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("displayIntro")}</p>
        <DisplayPreferences saved={principal.uiPrefs ?? { language: null, digits: "latn", hijri: false }} />
      </section>
      <TwoStepSection principal={principal} />
      <SignedInSessions principal={principal} />
    </div>
  );
}
