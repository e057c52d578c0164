// POST /api/session/set-password: a new user sets their password with their one-time link (no session yet).
import { setPasswordSchema } from "@/lib/schemas/admin-users";
import { getDatabase } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { readBodyText } from "@/server/http/read-body";
import { requestIp } from "@/server/http/request-ip";
import { publicRoute } from "@/server/http/route";
import { setPasswordWithToken } from "@/server/services/admin/users/set-password";

/** A token, a password of at most 256 characters and its confirmation fit in far less. */
const MAX_BODY_BYTES = 4 * 1024;

export const POST = publicRoute("set-password: the new user has no session yet; the one-time token authenticates", async (req) => {
  const text = await readBodyText(req, MAX_BODY_BYTES);
  if (!text.ok) throw new AppError("invalid_request", text.reason === "too_large" ? "The request body is too large." : "The request body is not valid UTF-8.");
  let body: unknown;
  try {
    body = JSON.parse(text.text);
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
