// Reading the session on the server: the signed session cookie (next-auth's JWT) gives the claims; the database
// decides whether they are still good (server/auth/principal.ts). Used by the route wrapper and by pages. A session
// that owes its second factor or a password change is sent to that step by every page (requireSignedIn).
import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { decode } from "next-auth/jwt";
import { z } from "zod";
import type { Permission } from "@/lib/permissions";
import { getDatabase } from "../db";
import type { Database } from "../db/client";
import { logger } from "../log/logger";
import { createPrincipalCache, type PrincipalCache } from "./principal-cache";
import { env } from "../env";
import { resolvePrincipal, type PendingStep, type Principal, type PrincipalResult, type SessionClaims } from "./principal";
import { authSecret } from "./secret";

const claimsSchema = z.object({ uid: z.uuid(), sid: z.uuid(), sv: z.number().int() });

export function sessionCookieName(): string {
  return env().secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export async function claimsFromCookie(value: string | undefined): Promise<SessionClaims | null> {
  if (!value) return null;
  const token = await decode({ token: value, secret: authSecret() }).catch(() => null);
  const parsed = claimsSchema.safeParse(token);
  return parsed.success ? parsed.data : null;
}

/** The named cookie's value; undefined when absent or not decodable (a malformed `%` escape is no session, not a 500). */
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

// The process's principal cache (server/auth/principal-cache.ts), on globalThis: every server bundle shares it.
// One cache per database the process uses (one in the app; tests install a database after another).
const cacheKey = Symbol.for("merchant-dashboard.principal-cache");
type CacheHolder = { [cacheKey]?: { cache: PrincipalCache; database: Database } };

function principalCache(database: Database): PrincipalCache {
  const holder = globalThis as CacheHolder;
  const slot = holder[cacheKey];
  if (slot?.database === database) return slot.cache;
  void slot?.cache.detach().catch(() => {}); // the database it listened on was replaced (tests)
  const cache = createPrincipalCache();
  holder[cacheKey] = { cache, database };
  // Until its LISTEN is in place the cache keeps nothing; a failed LISTEN leaves it so (every request checks).
  cache.attach(database).catch((error: unknown) => logger.error("auth.principal_cache_listen_failed", { error }));
  return cache;
}

async function principalFor(value: string | undefined): Promise<PrincipalResult> {
  // No session cookie, no session: nothing to look up. The sign-in page and the public pages then render without
  // the database, so a person signing in while it is unreachable sees the form, not an error page.
  if (!value) return { ok: false, reason: "no_session" };
  const database = await getDatabase();
  return principalCache(database).get(value, async () =>
    resolvePrincipal(database.db, await claimsFromCookie(value), {
      ...env().session,
      mfaRequired: env().mfaRequired,
      stepUpMaxAgeMs: env().stepUpMaxAgeMs,
    }),
  );
}

/** The route wrapper's session step: the whole result, so that a pending step's own routes can accept it. */
export async function sessionFromRequest(req: Request): Promise<PrincipalResult> {
  return principalFor(readCookie(req.headers.get("cookie"), sessionCookieName()));
}

/** Where a half-signed-in session must go next: the second-factor step, enrolment, or the password change. */
export const PENDING_STEP_PAGES: Record<PendingStep, string> = {
  verify: "/login/verify",
  enrol: "/login/enrol",
  change_password: "/login/change-password",
};

/** The current request's principal in server components (computed once per request). */
export const currentPrincipal = cache(async (): Promise<PrincipalResult> => {
  const jar = await cookies();
  return principalFor(jar.get(sessionCookieName())?.value);
});

/** Pages: the signed-in principal, or a redirect to the sign-in page (with the reason when the session ended). */
export async function requireSignedIn(): Promise<Principal> {
  const result = await currentPrincipal();
  if (result.ok) return result.principal;
  if ("step" in result) redirect(PENDING_STEP_PAGES[result.step]);
  redirect(result.reason === "no_session" ? "/login" : `/login?ended=${result.reason}`);
}

/** Pages: whether the signed-in principal holds a permission (the page renders a refusal when not). */
export async function pageAccess(permission: Permission | null): Promise<{ principal: Principal; allowed: boolean }> {
  const principal = await requireSignedIn();
  return { principal, allowed: permission === null || principal.permissions.has(permission) };
}
