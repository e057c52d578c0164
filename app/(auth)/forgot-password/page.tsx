// "Forgot your password?": asks for the account's e-mail and mails a one-time link to choose a new password.
import type { Metadata } from "next";
import { ForgotPasswordForm } from "./_components/forgot-password-form";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Forgot your password", referrer: "no-referrer" };
// Rendered per request: the CSP nonce that lets the form's scripts run is per request.
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter the e-mail of your merchant dashboard account. We will send you a link to choose a new password.
        </p>
        <QueryProvider>
          <ForgotPasswordForm />
        </QueryProvider>
      </div>
    </main>
  );
}
