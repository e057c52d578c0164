// Signing out: every session of the user ends at once (the per-user session version is bumped, so a copy of the
// cookie replayed later is refused), the cookie is cleared, and the event is audited. A session still waiting for
// its second factor ends alone.
import "server-only";
import { appendAuditNow } from "../audit/audit-log";
import { getDatabase } from "../db";
import { requestIp } from "../http/request-ip";
import { endAllSessions, endSession } from "./principal";
import { sessionFromRequest, sessionCookieName } from "./session";

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
  const result = await sessionFromRequest(req);
  const principal = result.ok ? result.principal : "pending" in result ? result.pending : null;
  if (principal) {
    const { db } = await getDatabase();
    // A half-signed-in session (password only) ends itself alone: the password must not be enough to end the
    // user's other, fully signed-in sessions.
    if (result.ok) await endAllSessions(db, principal.userId, "sign_out");
    else await endSession(db, principal.sessionId, "sign_out");
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
