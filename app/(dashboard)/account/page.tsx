import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requireSignedIn } from "@/server/auth/session";
import { ChangePasswordForm } from "./_components/change-password-form";
import { TwoStepSection } from "./_components/two-step-section";
import { SignedInSessions } from "./_components/signed-in-sessions";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const principal = await requireSignedIn();
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
      <TwoStepSection principal={principal} />
      <SignedInSessions principal={principal} />
    </div>
  );
}
