// POST /api/session/enrolment/totp: confirm the authenticator app being set up with a code from it (after a factor
// reset, with the mailed link's token); answers the new recovery codes (shown once). At sign-in this completes the
// second factor: the session moves to a new id (a new cookie).
import { totpConfirmSchema } from "@/lib/schemas/mfa";
import { mfaDeps } from "@/server/auth/mfa/deps";
import { confirmTotpEnrolment } from "@/server/auth/mfa/totp-enrolment";
import { answerWithSession } from "@/server/auth/session-cookie";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_second_factor", body: totpConfirmSchema }, async ({ principal, body, ip }) => {
  return answerWithSession(await confirmTotpEnrolment(await mfaDeps(), principal, body.code, ip, body.token), principal);
});
