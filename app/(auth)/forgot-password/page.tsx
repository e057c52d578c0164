// "Forgot your password?": asks for the account's e-mail and mails a one-time link to choose a new password.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "./_components/forgot-password-form";
import { QueryProvider } from "@/components/query-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("forgot.title"), referrer: "no-referrer" };
}
// Rendered per request: the CSP nonce that lets the form's scripts run is per request.
export const dynamic = "force-dynamic";

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">{t("forgot.heading")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("forgot.intro")}</p>
        <QueryProvider>
          <ForgotPasswordForm />
        </QueryProvider>
      </div>
    </main>
  );
}
