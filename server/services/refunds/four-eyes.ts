// Who may approve a refund held for a second person (and a report schedule's outside addresses: the same rule). Not the requester, and not anyone who could be the requester
// under a second name: one person with two accounts defeats four eyes as surely as one account does.
//  - Linked by account creation, in either direction and through any number of accounts: an admin who invites a
//    "sock" account (a mailbox they control) and requests as it cannot approve as themselves, nor the sock approve
//    the admin's request, nor anyone in a chain A created B created C approve another's.
//  - An approver who changed the requester's account in the last FOUR_EYES_LINK_DAYS (roles, status, password or
//    second factor: each lets them act as, or shape, that account) cannot approve that person's refunds.
// Each refusal names its rule. Siblings (two accounts created by the same admin) are not linked: neither can act as
// the other.
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import type { ErrorMessage } from "../../errors";

/** Audit actions by which one user changes another's account in a way that lets them act as, or shape, it. */
export const ACCOUNT_CHANGES = ["user.roles_change", "user.disable", "user.enable", "user.password_set", "user.factors_reset"] as const;

/** A creation chain longer than this is cut (a cycle from hand-edited rows must not loop). */
const MAX_CHAIN = 64;

/** The accounts that created this one, the one that created that, and so on up the chain. */
async function creatorsOf(tx: Tx, userId: string): Promise<Set<string>> {
  const seen = new Set<string>();
  let current: string | null = userId;
  for (let i = 0; i < MAX_CHAIN && current; i++) {
    const [row] = await tx.select({ createdBy: users.createdBy }).from(users).where(eq(users.id, current)).limit(1);
    current = row?.createdBy ?? null;
    if (!current || seen.has(current)) break;
    seen.add(current);
  }
  return seen;
}

/** The refusals' words for what is being approved: a held refund, or a report schedule's outside addresses. */
const REFUSALS = {
  refunds: {
    self: "refunds.fourEyes",
    requesterCreatedYou: "refunds.requesterCreatedYou",
    youCreatedRequester: "refunds.youCreatedRequester",
    youChangedRequester: "refunds.youChangedRequester",
  },
  schedules: {
    self: "schedules.fourEyes",
    requesterCreatedYou: "schedules.ownerCreatedYou",
    youCreatedRequester: "schedules.youCreatedOwner",
    youChangedRequester: "schedules.youChangedOwner",
  },
} as const;

/** Why this approver may not approve what this requester asked for, or null when they may. */
export async function fourEyesRefusal(
  tx: Tx,
  opts: { approverId: string; requesterId: string; linkDays: number; now: Date; area?: keyof typeof REFUSALS },
): Promise<ErrorMessage | null> {
  const { approverId, requesterId } = opts;
  const words = REFUSALS[opts.area ?? "refunds"];
  if (approverId === requesterId) return words.self;
  if ((await creatorsOf(tx, approverId)).has(requesterId)) return words.requesterCreatedYou;
  if ((await creatorsOf(tx, requesterId)).has(approverId)) return words.youCreatedRequester;
  if (opts.linkDays > 0) {
    const since = new Date(opts.now.getTime() - opts.linkDays * 86_400_000);
    const [changed] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, approverId),
          eq(auditLog.targetType, "user"),
          eq(auditLog.targetId, requesterId),
          inArray(auditLog.action, [...ACCOUNT_CHANGES]),
          gte(auditLog.at, since),
        ),
      )
      .limit(1);
    if (changed) return [words.youChangedRequester, { days: opts.linkDays }];
  }
  return null;
}
