// POST /api/session/set-password: a new user sets their password with their one-time link (no session yet).
import { setPasswordSchema } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { requestIp } from "@/server/http/request-ip";
import { publicRoute } from "@/server/http/route";
import { setPasswordWithToken } from "@/server/services/admin/users/set-password";

export const POST = publicRoute("set-password: the new user has no session yet; the one-time token authenticates", async (req) => {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError("invalid_request", "The request body is not valid JSON.");
  }
  const parsed = setPasswordSchema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[i.path.join(".") || "body"] ??= []).push(i.message);
    throw new AppError("invalid_request", "Check the highlighted fields.", fields);
  }
  const { db } = await getDatabase();
  const done = await setPasswordWithToken(db, parsed.data, requestIp(req.headers));
  return Response.json({ email: done.email }, { headers: { "Cache-Control": "no-store" } });
});
