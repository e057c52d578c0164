// POST /api/account/password: the signed-in user changes their own password; every session then ends. Also the one
// route a user who must change a generated password can reach (pending_password_change).
import { changePasswordSchema } from "@/lib/schemas/auth";
import { changeOwnPassword } from "@/server/auth/change-password";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_password_change", body: changePasswordSchema }, async ({ principal, body, ip }) => {
  await changeOwnPassword(principal, body, ip);
  return { ok: true, signedOut: true };
});
