// /set-password?token=…: the page of an invitation or reset link. The link is checked on the server when the page
// opens, so a used, expired, replaced or unknown link is said at once, with what to do, before anyone types a
// password; only a live link gets the form.
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/query-provider";
import { Alert } from "@/components/ui/alert";
import { requestIp } from "@/server/http/request-ip";
import { checkPasswordLink, type PasswordLinkState } from "@/server/services/admin/users/check-password-link";
import { appDeps } from "@/server/services/app-deps";
import { SetPasswordForm } from "./_components/set-password-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("setPassword.title"), referrer: "no-referrer" };
}
export const dynamic = "force-dynamic";

type Translate = Awaited<ReturnType<typeof getTranslations<"auth">>>;

/** What went wrong with the link, and what to do next (an invitation comes from an admin; a reset from the user). */
function problemOf(
  t: Translate,
  link: Exclude<PasswordLinkState, { state: "valid" }> | { state: "incomplete" },
): { title: string; text: ReactNode } {
  const forgot = () => (
    <Link href="/forgot-password" className="font-medium text-brand-700 underline">
      {t("setPassword.forgotLink")}
    </Link>
  );
  const invite = "kind" in link && link.kind === "invite";
  const next: ReactNode = invite ? t.rich("setPassword.nextInvite", { forgot }) : t.rich("setPassword.nextReset", { forgot });
  switch (link.state) {
    case "used":
      return {
        title: t("setPassword.used.title"),
        text: (
          <>
            {t("setPassword.used.text")} {next}
          </>
        ),
      };
    case "expired":
      return { title: t("setPassword.expired.title"), text: next };
    case "replaced":
      return {
        title: t("setPassword.replaced.title"),
        text: (
          <>
            {t("setPassword.replaced.text")} {next}
          </>
        ),
      };
    case "disabled":
      return { title: t("setPassword.disabled.title"), text: t("setPassword.disabled.text") };
    case "rate_limited":
      return { title: t("setPassword.rateLimited.title"), text: t("setPassword.rateLimited.text") };
    case "unknown":
    case "incomplete":
      return {
        title: link.state === "unknown" ? t("setPassword.unknown.title") : t("setPassword.incomplete.title"),
        text: t.rich("setPassword.incomplete.text", { forgot }),
      };
  }
}

export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw.at(-1) : raw;
  const link: PasswordLinkState | { state: "incomplete" } = token
    ? await checkPasswordLink(await appDeps(), token, requestIp(await headers()))
    : { state: "incomplete" };
  const t = await getTranslations("auth");
  const problem = link.state === "valid" ? null : problemOf(t, link);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">{t("setPassword.title")}</h1>
        {link.state === "valid" && token ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              {t.rich("setPassword.forEmail", { email: () => <bdi dir="ltr">{link.email}</bdi> })}
            </p>
            <QueryProvider>
              <SetPasswordForm token={token} />
            </QueryProvider>
          </>
        ) : (
          problem && (
            <div className="mt-4 space-y-4">
              <Alert tone="error" title={problem.title}>
                <p>{problem.text}</p>
              </Alert>
              <Link href="/login" className="inline-block text-sm font-medium text-brand-700 hover:underline">
                {t("setPassword.goToSignIn")}
              </Link>
            </div>
          )
        )}
      </div>
    </main>
  );
}
