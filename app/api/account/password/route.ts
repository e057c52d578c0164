// POST /api/account/password: the signed-in user changes their own password; every other session then ends and this
// one moves to a new id (the answer sets its cookie). Also the one route a user who must change a generated password
// can reach (pending_password_change).
import { changePasswordSchema } from "@/lib/schemas/auth";
import { changeOwnPassword } from "@/server/auth/change-password";
import { answerWithSession } from "@/server/auth/session-cookie";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_password_change", body: changePasswordSchema }, async ({ principal, body, ip }) => {
  const session = await changeOwnPassword(principal, body, ip);
  return answerWithSession({ ok: true, session }, principal);
});
