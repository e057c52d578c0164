// Setting a session cookie outside next-auth's own sign-in: when the session moves to a new id (the second factor
// completed the sign-in, or the password changed: principal.ts rotateSession), the answer carries the new cookie.
// It is minted exactly as next-auth's credentials callback mints it (server/auth/options.ts): the same claims in a
// JWE from next-auth/jwt `encode` with the auth secret and no salt (next-auth v4's default), next-auth's cookie name
// for http or https (sessionCookieName) and its attributes: HttpOnly, SameSite=Lax, Path=/, Secure on https, expiring
// after the session's absolute lifetime. next-auth's own session read decodes and renews it like its own.
import "server-only";
import { encode } from "next-auth/jwt";
import { env } from "../env";
import type { Principal, SessionClaims } from "./principal";
import { authSecret } from "./secret";
import { sessionCookieName } from "./session";

/** The Set-Cookie value of a session cookie for these claims. */
export async function sessionCookie(claims: SessionClaims, person: Pick<Principal, "email" | "name">, now = new Date()): Promise<string> {
  const maxAge = Math.floor(env().session.maxAgeMs / 1000);
  // next-auth's default token (name, email, sub) plus what the jwt callback adds (uid, sid, sv).
  const token = await encode({
    token: { name: person.name, email: person.email, sub: claims.uid, uid: claims.uid, sid: claims.sid, sv: claims.sv },
    secret: authSecret(),
    maxAge,
  });
  const name = sessionCookieName();
  const expires = new Date(now.getTime() + maxAge * 1000).toUTCString();
  const secure = name.startsWith("__Secure-") ? "; Secure" : "";
  return `${name}=${token}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * A route's JSON answer for a step that may have moved the session to a new id: the body without the claims, and
 * the new cookie when there is one.
 */
export async function answerWithSession<T extends { session: SessionClaims | null }>(
  result: T,
  person: Pick<Principal, "email" | "name">,
): Promise<Response> {
  const { session, ...body } = result;
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (session) headers.append("Set-Cookie", await sessionCookie(session, person));
  return Response.json(body, { headers });
}
