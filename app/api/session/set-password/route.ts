// POST /api/session/set-password: a new user sets their password with their one-time link (no session yet).
import { setPasswordSchema } from "@/lib/schemas/admin-users";
import { requestIp } from "@/server/http/request-ip";
import { parseJsonBody } from "@/server/http/parse-input";
import { publicRoute } from "@/server/http/route";
import { setPasswordWithToken } from "@/server/services/admin/users/set-password";
import { appDeps } from "@/server/services/app-deps";

/** A token, a password of at most 256 characters and its confirmation fit in far less. */
const MAX_BODY_BYTES = 4 * 1024;

export const POST = publicRoute("set-password: the new user has no session yet; the one-time token authenticates", async (req) => {
  const body = await parseJsonBody(req, setPasswordSchema, MAX_BODY_BYTES);
  const done = await setPasswordWithToken(await appDeps(), body, requestIp(req.headers));
  return Response.json({ email: done.email }, { headers: { "Cache-Control": "no-store" } });
});
