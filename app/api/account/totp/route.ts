// POST /api/account/totp: start setting up an authenticator app from the Account page (no app yet; after a fresh
// factor when the user has a passkey). Answers the key and its QR code, drawn here; POST
// /api/session/enrolment/totp confirms it with a code.
import QRCode from "qrcode";
import { mfaDeps, mfaIssuer } from "@/server/auth/mfa/deps";
import { startTotpEnrolment } from "@/server/auth/mfa/totp-enrolment";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated" }, async ({ principal }) => {
  const { secret, uri } = await startTotpEnrolment(await mfaDeps(), principal, mfaIssuer());
  return { secret, qr: await QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: "M" }) };
});
