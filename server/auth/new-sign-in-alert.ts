// New-sign-in alerts: when a user's password is accepted from a browser and address that none of their sessions of
// the last 90 days came from, they get an e-mail (someone holding their password shows up even when the second
// factor stops them). The very first sign-in of an account sends none: the user just set their password.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { sessions } from "../db/schema";
import { NEW_SIGN_IN_LOOKBACK_DAYS } from "./new-sign-in-lookback";
import { enqueueMail } from "../mail/outbox";
import { mailPrefsFor, newSignInMail } from "../mail/templates";

const LOOKBACK_MS = NEW_SIGN_IN_LOOKBACK_DAYS * 86_400_000;

export interface SignedInSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** Queues the alert in the caller's transaction when this session's browser and IP are new for the user. */
export async function queueNewSignInAlert(
  tx: Tx | Db,
  user: { id: string; email: string; name: string; uiLanguage?: string | null; uiDigits?: string | null },
  session: SignedInSession,
  describeBrowser: (userAgent: string | null) => string,
): Promise<boolean> {
  const since = new Date(session.createdAt.getTime() - LOOKBACK_MS);
  const [seen] = await tx
    .select({
      any: sql<number>`count(*)::int`,
      same: sql<number>`count(*) filter (where ${gt(sessions.createdAt, since)} and ${sessions.userAgent} is not distinct from ${session.userAgent} and ${sessions.ip} is not distinct from ${session.ip})::int`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id)));
  if (!seen || seen.any === 0 || seen.same > 0) return false;
  await enqueueMail(
    tx,
    user.email,
    newSignInMail(
      { name: user.name, at: session.createdAt, ip: session.ip ?? "unknown", browser: describeBrowser(session.userAgent) },
      mailPrefsFor(user),
    ),
  );
  return true;
}
