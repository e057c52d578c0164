import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { env } from "@/server/env";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { LoginForm } from "./_components/login-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signIn.title") };
}
export const dynamic = "force-dynamic";

// The catalog key of each notice the sign-in page may be sent back with (?signed_out, ?ended=…, ?password_changed).
const NOTICES: Record<string, "signedOut" | "expired" | "ended" | "passwordChanged"> = {
  signed_out: "signedOut",
  expired: "expired",
  ended: "ended",
  disabled: "ended",
  password_changed: "passwordChanged",
};

/** Only same-origin paths may be a destination after sign-in (no open redirect). */
function safeNext(next: string | undefined): string {
  return safeRedirectPath(next, env().appUrl);
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const current = await currentPrincipal();
  if (current.ok) redirect(safeNext(params.next));
  // Past the password step already: the second factor (or the password change) comes next.
  if ("step" in current) redirect(PENDING_STEP_PAGES[current.step]);
  const t = await getTranslations("auth");
  const noticeKey =
    (params.signed_out && NOTICES.signed_out) ||
    (params.ended && NOTICES[params.ended]) ||
    (params.password_changed && NOTICES.password_changed) ||
    null;
  const notice = noticeKey ? t(`notices.${noticeKey}`) : null;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      {env().testMode && (
        <p role="status" className="mb-6 w-full max-w-sm rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {t.rich("signIn.testMode", { strong: (c) => <strong>{c}</strong> })}
        </p>
      )}
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">{t("signIn.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("signIn.subtitle")}</p>
        <LoginForm next={safeNext(params.next)} notice={notice} />
        <p className="mt-4 text-center text-sm">
          <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
            {t("signIn.forgot")}
          </Link>
        </p>
      </div>
      <LanguageSwitch className="mt-6" />
    </main>
  );
}
