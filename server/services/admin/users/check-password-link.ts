// What a set-password link is worth, asked when its page opens, so the person learns at once (before typing a
// password) that the link was used, has expired, was replaced by a newer one or is unknown, and what to do. The
// check is read-only; an unknown link counts as a failed attempt of the same per-IP throttle as setting a password
// (so the page is no faster oracle for guessing links than the form), a known one does not.
import "server-only";
import { eq } from "drizzle-orm";
import { reserveAttempt, settleAttempt } from "../../../auth/throttle";
import { passwordTokens, users } from "../../../db/schema";
import type { ServiceDeps } from "../../deps";
import { hashToken } from "./create-user";

export type PasswordLinkState =
  | { state: "valid"; email: string; kind: "invite" | "reset"; expiresAt: Date }
  | { state: "used" | "expired" | "replaced"; kind: "invite" | "reset" }
  | { state: "disabled" | "unknown" | "rate_limited" };

export async function checkPasswordLink(
  deps: Pick<ServiceDeps, "db" | "now">,
  token: string,
  ip: string | null,
): Promise<PasswordLinkState> {
  const { db } = deps;
  const now = deps.now();
  const attempt = { scope: "set_password" as const, email: "", ip: ip ?? "unknown", ipOnly: true };
  const verdict = await reserveAttempt(db, attempt, { action: "auth.set_password_throttled", ip, summary: {} }, now);
  if (!verdict.allowed) return { state: "rate_limited" };
  const [row] = await db
    .select({
      usedAt: passwordTokens.usedAt,
      voidedAt: passwordTokens.voidedAt,
      expiresAt: passwordTokens.expiresAt,
      kind: passwordTokens.kind,
      email: users.email,
      status: users.status,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .limit(1);
  await settleAttempt(db, attempt, verdict.attemptId, Boolean(row), now);
  if (!row) return { state: "unknown" };
  const kind = row.kind === "reset" ? "reset" : "invite";
  if (row.usedAt) return { state: "used", kind };
  if (row.voidedAt) return { state: "replaced", kind };
  if (row.expiresAt <= now) return { state: "expired", kind };
  if (row.status !== "active") return { state: "disabled" };
  return { state: "valid", email: row.email, kind, expiresAt: row.expiresAt };
}
