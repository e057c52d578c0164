import type { Metadata } from "next";
import { SetPasswordForm } from "./_components/set-password-form";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Choose your password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { token } = await searchParams;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">Choose your password</h1>
        <p className="mt-1 text-sm text-slate-600">Merchant dashboard. This link works once.</p>
        {token ? (
          <QueryProvider>
            <SetPasswordForm token={token} />
          </QueryProvider>
        ) : (
          <p className="mt-4 text-sm text-red-700">
            This link is incomplete. Ask for a new one with “Forgot your password?” on the sign-in page, or ask your administrator.
          </p>
        )}
      </div>
    </main>
  );
}
