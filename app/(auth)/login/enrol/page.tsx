// First sign-in under MFA_REQUIRED: set up an authenticator app before anything else works. The secret is made and
// kept (sealed) on the server; the QR code is drawn here, on the server, so no QR library reaches the browser.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { StepShell } from "@/components/auth/step-shell";
import { mfaDeps, mfaIssuer } from "@/server/auth/mfa/deps";
import { startTotpEnrolment } from "@/server/auth/mfa/totp-enrolment";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { EnrolStep } from "../_components/enrol-step";
import { QueryProvider } from "@/components/query-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("enrol.title") };
}
export const dynamic = "force-dynamic";

export default async function EnrolPage() {
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect("/login");
  if (current.step !== "enrol") redirect(PENDING_STEP_PAGES[current.step]);
  const { secret, uri } = await startTotpEnrolment(await mfaDeps(), current.pending, mfaIssuer());
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: "M" });
  const t = await getTranslations("auth");
  return (
    <StepShell
      wide
      title={t("enrol.title")}
      description={t.rich("enrol.intro", { email: () => <bdi dir="ltr">{current.pending.email}</bdi> })}
    >
      <QueryProvider>
        <EnrolStep qr={qr} secret={secret} />
      </QueryProvider>
    </StepShell>
  );
}
