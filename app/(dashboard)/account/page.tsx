import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PageHeader } from "@/components/ui/page-header";
import { requireSignedIn } from "@/server/auth/session";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { DisplayPreferences } from "./_components/display-preferences";
import { ChangePasswordSection } from "./_components/change-password-section";
import { TwoStepSection } from "./_components/two-step-section";
import { SignedInSessions } from "./_components/signed-in-sessions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const principal = await requireSignedIn();
  const [t, ta] = await Promise.all([getTranslations("common"), getTranslations("account")]);
  return (
    // The forms and second-factor dialogs are client components: they read the "auth" and "account" namespaces.
    // The page is as wide as the sessions table needs (browser, two dates, factor side by side, each date on one line);
    // the forms inside keep a form's width.
    <ClientMessages namespaces={["auth", "account"]}>
      <div className="max-w-3xl space-y-6">
        <PageHeader title={ta("title")} description={<bdi dir="ltr">{principal.email}</bdi>} />
        <section id="password" aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="password-heading" className="text-base font-semibold">
            {ta("password.heading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{ta("password.intro")}</p>
          <div className="max-w-lg">
            <ChangePasswordSection />
          </div>
        </section>
        <section id="display" aria-labelledby="display-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="display-heading" className="text-base font-semibold">
            {t("displayHeading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("displayIntro")}</p>
          <div className="max-w-lg">
            <DisplayPreferences
              saved={principal.uiPrefs ?? { language: null, digits: "latn", hijri: false, timeZone: "business" }}
              businessZone={(await currentDisplayZone()).business}
            />
          </div>
        </section>
        <TwoStepSection principal={principal} />
        <SignedInSessions principal={principal} />
      </div>
    </ClientMessages>
  );
}
