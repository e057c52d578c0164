// /set-password?token=…: the page of an invitation or reset link. The link is checked on the server when the page
// opens, so a used, expired, replaced or unknown link is said at once, with what to do, before anyone types a
// password; only a live link gets the form.
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/query-provider";
import { Alert } from "@/components/ui/alert";
import { requestIp } from "@/server/http/request-ip";
import { checkPasswordLink, type PasswordLinkState } from "@/server/services/admin/users/check-password-link";
import { appDeps } from "@/server/services/app-deps";
import { SetPasswordForm } from "./_components/set-password-form";

export const metadata: Metadata = { title: "Choose your password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

const FORGOT = (
  <Link href="/forgot-password" className="font-medium text-brand-700 underline">
    Forgot your password?
  </Link>
);

/** What went wrong with the link, and what to do next (an invitation comes from an admin; a reset from the user). */
function problemOf(link: Exclude<PasswordLinkState, { state: "valid" }> | { state: "incomplete" }): { title: string; text: ReactNode } {
  const invite = "kind" in link && link.kind === "invite";
  const next: ReactNode = invite ? (
    <>Ask your administrator to send a new invitation. If you have already set a password, sign in, or use {FORGOT}.</>
  ) : (
    <>Ask for a new link with {FORGOT} on the sign-in page.</>
  );
  switch (link.state) {
    case "used":
      return { title: "This link has already been used", text: <>Each link works once. {next}</> };
    case "expired":
      return { title: "This link has expired", text: next };
    case "replaced":
      return { title: "A newer link replaced this one", text: <>Use the link in the most recent e-mail. {next}</> };
    case "disabled":
      return { title: "This account is disabled", text: "Ask an administrator to enable it." };
    case "rate_limited":
      return { title: "Too many invalid links from this address", text: "Wait a few minutes, then open the link again." };
    case "unknown":
    case "incomplete":
      return {
        title: link.state === "unknown" ? "This link is not valid" : "This link is incomplete",
        text: (
          <>
            Check that the whole link was opened (some mail programs cut long links). Otherwise ask your administrator for a new invitation,
            or use {FORGOT}.
          </>
        ),
      };
  }
}

export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw.at(-1) : raw;
  const link: PasswordLinkState | { state: "incomplete" } = token
    ? await checkPasswordLink(await appDeps(), token, requestIp(await headers()))
    : { state: "incomplete" };
  const problem = link.state === "valid" ? null : problemOf(link);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">Choose your password</h1>
        {link.state === "valid" && token ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              For <bdi dir="ltr">{link.email}</bdi>. This link works once.
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
                Go to sign-in
              </Link>
            </div>
          )
        )}
      </div>
    </main>
  );
}
