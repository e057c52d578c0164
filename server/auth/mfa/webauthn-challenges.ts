// WebAuthn challenges kept on the server, bound to the session that asked: one live challenge per session and
// purpose, valid 5 minutes, spent on first use (even when the answer then fails), so an answer cannot be replayed.
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { mfaChallenges } from "../../db/schema";

export const CHALLENGE_TTL_MS = 5 * 60_000;
export type ChallengePurpose = "register" | "authenticate";

export async function issueChallenge(db: Db | Tx, sessionId: string, purpose: ChallengePurpose, now: Date): Promise<string> {
  const challenge = randomBytes(32).toString("base64url");
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.sessionId, sessionId), eq(mfaChallenges.purpose, purpose)));
  await db.insert(mfaChallenges).values({ sessionId, purpose, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return challenge;
}

/** The session's live challenge for this purpose, now spent; null when there is none (expired, used, other session). */
export async function spendChallenge(db: Db | Tx, sessionId: string, purpose: ChallengePurpose, now: Date): Promise<string | null> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.sessionId, sessionId),
        eq(mfaChallenges.purpose, purpose),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: mfaChallenges.challenge });
  return row?.challenge ?? null;
}
