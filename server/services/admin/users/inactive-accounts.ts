// PCI DSS 8.2.6: an account nobody has used for INACTIVE_ACCOUNT_DAYS (default 90) is disabled. "Used" means a
// sign-in; an account that never signed in counts from when it was created or last invited (a re-sent invitation
// is a person's decision to give the account its chance), and one a super-admin enabled again counts from that
// moment, so re-enabling it is not undone the next morning. A password reset is not use: it is what someone
// holding only the mailbox of a dormant account would do.
//
// Each account is disabled in a transaction of its own, the way a person disables it (disable-account.ts: every
// session ends at once), with its audit row and the mails: to the user, and to every active super-admin, each in
// their own language. The row is re-read under FOR UPDATE, still active and still unused, so that two instances
// running the pass at once disable it once (the second finds it disabled and moves on).
//
// The last active super-admin is never disabled, however long unused: an instance with nobody left to enable
// accounts could only be recovered from the command line, and an attacker could wait for it. Super-admins are
// taken oldest use first, each under the lock every disable of a super-admin takes, so when all of them are unused
// the most recently used one stays; the pass logs it at warn level every day until someone signs in with it.
import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AppConfig } from "../../../config";
import { appendAudit } from "../../../audit/audit-log";
import type { Db } from "../../../db/client";
import { passwordTokens, users, type UserRow } from "../../../db/schema";
import { enqueueMail } from "../../../mail/outbox";
import { inactiveDisabledMail, inactiveDisabledNoticeMail, mailPrefsFor } from "../../../mail/templates";
import { anotherActiveSuperAdmin, disableAccount } from "./disable-account";

const DAY_MS = 86_400_000;

export interface InactivityDeps {
  db: Db;
  config: Pick<AppConfig, "inactiveAccountDays" | "appUrl">;
  now: () => Date;
}

export interface InactivityReport {
  startedAt: Date;
  /** Accounts last used before this moment were due. */
  cutoff: Date;
  disabled: Array<{ userId: string; email: string; lastUsedAt: Date }>;
  /** The last active super-admin, unused past the limit but kept (see above); at most one. */
  kept: Array<{ userId: string; email: string; lastUsedAt: Date }>;
  /** Mails queued (to the users and the super-admins); the caller wakes the mail worker. */
  mails: number;
}

/** The last use of an account: its latest sign-in, re-enable, invitation or its creation, whichever came last. */
export const lastUse = sql<Date>`greatest(${users.createdAt}, ${users.lastSignInAt}, ${users.reenabledAt}, (
  select max(${passwordTokens.createdAt}) from ${passwordTokens}
  where ${passwordTokens.userId} = ${users.id} and ${passwordTokens.kind} = 'invite'))`.mapWith(users.createdAt);

// The cutoff as text: postgres.js binds no Date for a raw expression (drizzle maps dates only for its columns).
const dueAt = (cutoff: Date) => and(eq(users.status, "active"), sql`${lastUse} < ${cutoff.toISOString()}::timestamptz`);

export async function disableInactiveAccounts(deps: InactivityDeps): Promise<InactivityReport> {
  const startedAt = deps.now();
  const days = deps.config.inactiveAccountDays;
  const cutoff = new Date(startedAt.getTime() - days * DAY_MS);
  const report: InactivityReport = { startedAt, cutoff, disabled: [], kept: [], mails: 0 };
  // Oldest use first: among super-admins who are all unused, the most recently used one is the one kept.
  const due = await deps.db.select({ id: users.id }).from(users).where(dueAt(cutoff)).orderBy(asc(lastUse), asc(users.id));

  for (const { id } of due) {
    await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ row: users, lastUsedAt: lastUse })
        .from(users)
        .where(and(eq(users.id, id), dueAt(cutoff)))
        .for("update", { of: users })
        .limit(1);
      if (!user) return; // signed in, enabled again or disabled meanwhile (another instance's pass)
      const { row, lastUsedAt } = user;
      if (row.userType === "SUPER_ADMIN" && !(await anotherActiveSuperAdmin(tx, row.id))) {
        report.kept.push({ userId: row.id, email: row.email, lastUsedAt });
        return;
      }
      await disableAccount(tx, row.id, "inactive", startedAt);
      await appendAudit(tx, {
        // No actor: the audit page shows the row as done by the system.
        actorId: null,
        actorEmail: null,
        ip: null,
        action: "user.disable_inactive",
        targetType: "user",
        targetId: row.id,
        at: startedAt,
        summary: {
          email: row.email,
          days,
          lastUsedAt: lastUsedAt.toISOString(),
          neverSignedIn: row.lastSignInAt === null,
          ...(row.userType === "SUPER_ADMIN" ? { userType: "SUPER_ADMIN" } : {}),
        },
      });
      report.mails += await queueMails(tx, row, { days, lastUsedAt, usersUrl: `${deps.config.appUrl}/admin/users` });
      report.disabled.push({ userId: row.id, email: row.email, lastUsedAt });
    });
  }
  return report;
}

async function queueMails(
  tx: Parameters<typeof enqueueMail>[0],
  user: UserRow,
  p: { days: number; lastUsedAt: Date; usersUrl: string },
): Promise<number> {
  await enqueueMail(tx, user.email, inactiveDisabledMail({ name: user.name, days: p.days, lastUsedAt: p.lastUsedAt }, mailPrefsFor(user)));
  const admins = await tx
    .select()
    .from(users)
    .where(and(eq(users.userType, "SUPER_ADMIN"), eq(users.status, "active"), ne(users.id, user.id)))
    .orderBy(asc(users.email));
  for (const admin of admins) {
    await enqueueMail(
      tx,
      admin.email,
      inactiveDisabledNoticeMail(
        { name: admin.name, user: { name: user.name, email: user.email }, days: p.days, lastUsedAt: p.lastUsedAt, usersUrl: p.usersUrl },
        mailPrefsFor(admin),
      ),
    );
  }
  return 1 + admins.length;
}
