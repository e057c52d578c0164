// Signing out: every session of the user ends at once (the per-user session version is bumped, so a copy of the
// cookie replayed later is refused), the cookie is cleared, and the event is audited.
import "server-only";
import { appendAuditNow } from "../audit/audit-log";
import { getDatabase } from "../db";
import { requestIp } from "../http/request-ip";
import { endAllSessions } from "./principal";
import { principalFromRequest, sessionCookieName } from "./session";

/** A relative Location, so that it is right behind any reverse proxy. */
export function redirect303(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
}

function clearedCookie(): string {
  const name = sessionCookieName();
  const secure = name.startsWith("__Secure-") ? "; Secure" : "";
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Ends the sessions and returns the redirect to the sign-in page with the cookie cleared. */
export async function signOutResponse(req: Request): Promise<Response> {
  const principal = await principalFromRequest(req);
  if (principal) {
    const { db } = await getDatabase();
    await endAllSessions(db, principal.userId, "sign_out");
    await appendAuditNow(db, {
      action: "auth.sign_out",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip: requestIp(req.headers),
      targetType: "session",
      targetId: principal.sessionId,
    });
  }
  const res = redirect303("/login?signed_out=1");
  res.headers.append("Set-Cookie", clearedCookie());
  return res;
}
