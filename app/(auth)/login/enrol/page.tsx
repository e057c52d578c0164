// First sign-in under MFA_REQUIRED: set up an authenticator app before anything else works. The secret is made and
// kept (sealed) on the server; the QR code is drawn here, on the server, so no QR library reaches the browser. After
// a super-admin reset the user's factors, this page is also the target of the mailed one-time link (?token=): the
// password step comes first (then back here), and without the link the page says to use it instead of a QR code.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import QRCode from "qrcode";
import { StepShell } from "@/components/auth/step-shell";
import { mfaDeps, mfaIssuer } from "@/server/auth/mfa/deps";
import { startTotpEnrolment } from "@/server/auth/mfa/totp-enrolment";
import { Alert } from "@/components/ui/alert";
import { enrolmentLinkTokenSchema } from "@/lib/schemas/mfa";
import { AppError } from "@/server/errors";
import { currentPrincipal, PENDING_STEP_PAGES } from "@/server/auth/session";
import { EnrolStep } from "../_components/enrol-step";
import { QueryProvider } from "@/components/query-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("enrol.title") };
}
export const dynamic = "force-dynamic";

export default async function EnrolPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const parsed = enrolmentLinkTokenSchema.safeParse((await searchParams).token);
  const token = parsed.success ? parsed.data : null;
  const current = await currentPrincipal();
  if (current.ok) redirect("/overview");
  if (!("step" in current)) redirect(token ? `/login?next=${encodeURIComponent(`/login/enrol?token=${token}`)}` : "/login");
  if (current.step !== "enrol") redirect(PENDING_STEP_PAGES[current.step]);
  const t = await getTranslations("auth");
  const started = await startTotpEnrolment(await mfaDeps(), current.pending, mfaIssuer(), token).catch((e: unknown) => {
    if (e instanceof AppError && (e.messageKey === "auth.enrolLinkRequired" || e.messageKey === "auth.enrolLinkInvalid"))
      return e.messageKey;
    throw e;
  });
  if (typeof started === "string") {
    const te = await getTranslations("errors");
    return (
      <StepShell title={t("enrol.title")}>
        <div className="mt-4">
          <Alert tone="warning">{te(started)}</Alert>
        </div>
      </StepShell>
    );
  }
  const { secret, uri } = started;
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: "M" });
  return (
    <StepShell
      wide
      title={t("enrol.title")}
      description={t.rich("enrol.intro", { email: () => <bdi dir="ltr">{current.pending.email}</bdi> })}
    >
      <QueryProvider>
        <EnrolStep qr={qr} secret={secret} token={token} />
      </QueryProvider>
    </StepShell>
  );
}
