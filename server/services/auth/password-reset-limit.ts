// The forgot-password throttle: at most RESET_LIMIT_PER_EMAIL requests per address and RESET_LIMIT_PER_IP per
// client IP in a sliding hour. Requests are counted whether or not an account exists (so being throttled says
// nothing about the address), checked and recorded in one transaction under advisory locks (concurrent requests
// cannot all slip under the limit), and rows older than a day are swept on the way.
import "server-only";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { passwordResetRequests } from "../../db/schema";
import { AppError } from "../../errors";
import { hashToken } from "../admin/users/create-user";

export const RESET_LIMIT_PER_EMAIL = 3;
export const RESET_LIMIT_PER_IP = 10;
export const RESET_WINDOW_MS = 3_600_000;
const KEEP_MS = 24 * 3_600_000;

/** Throws rate_limited when the address or the IP asked too often in the last hour; otherwise records the request. */
export async function recordResetRequest(tx: Tx, email: string, ip: string, now: Date): Promise<void> {
  const emailHash = hashToken(email);
  // Always IP first, then e-mail: one order for every request, so two requests never wait on each other in a cycle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pwreset-ip:${ip}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pwreset-email:${emailHash}`}, 0))`);
  const since = new Date(now.getTime() - RESET_WINDOW_MS);
  const [byEmail] = await tx
    .select({ n: count() })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.emailHash, emailHash), gt(passwordResetRequests.createdAt, since)));
  const [byIp] = await tx
    .select({ n: count() })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.ip, ip), gt(passwordResetRequests.createdAt, since)));
  if (byEmail!.n >= RESET_LIMIT_PER_EMAIL || byIp!.n >= RESET_LIMIT_PER_IP) {
    throw new AppError("rate_limited", "auth.resetTooMany");
  }
  await tx.delete(passwordResetRequests).where(lt(passwordResetRequests.createdAt, new Date(now.getTime() - KEEP_MS)));
  await tx.insert(passwordResetRequests).values({ emailHash, ip, createdAt: now });
}
