// What the daily retention pass deletes, table by table, and why each rule stops where it does. Every rule deletes
// at most `limit` rows per statement, chosen by primary key in a subquery, and repeats its condition on the DELETE
// itself, so that a row changed since the subquery read it (a session ended again, a lockout renewed) is re-checked
// under its row lock and kept if it no longer qualifies.
//
// Never purged, and named by no rule: the ledger (payments, payment_actions, payment_links, billing plans and their
// charges) and the audit log (append-only by trigger): SAMA record keeping, 10 years.
// Left alone: password_reset_requests and three_ds_views (pruned by their own writers), password_history (the last
// passwords PCI DSS 8.3.7 compares with), report_runs (a schedule's slot record; one row per schedule and run, not
// per request) and the ledger roll-ups (derived).
// No `import "server-only"`: `npm run db:purge` runs these rules from a script; they hold no secret.
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RetentionConfig } from "../../config";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import {
  gatewayCalls,
  gatewayNotifications,
  loginAttempts,
  mailOutbox,
  mfaChallenges,
  mfaFailures,
  passwordTokens,
  sessions,
  throttleLocks,
} from "../../db/schema";
import { READ_OPERATIONS } from "../payments/read-operations";

/**
 * The rules' names: the keys of the pass's counts in its log line, its audit row and lastRetentionPass(). None
 * contains "password", "secret" or "token": the audit row and the log redact values under such keys.
 */
export const RULE_NAMES = [
  "notifications",
  "gatewayCalls",
  "sessions",
  "signInAttempts",
  "factorFailures",
  "lapsedLockouts",
  "passkeyChallenges",
  "oneTimeLinks",
  "sentMail",
] as const;
export type RetentionRuleName = (typeof RULE_NAMES)[number];

/** Where one rule's run stands within a pass: a rule that keeps some old rows resumes after the last it deleted. */
export interface RuleCursor {
  afterMs: number | null;
}

export interface RetentionRule {
  name: RetentionRuleName;
  /** The table it deletes from (for people: the README, the script's output). */
  table: string;
  /** The setting whose number of days sets its cutoff. */
  period: keyof RetentionConfig;
  /** Deletes up to `limit` rows past `cutoff`; returns how many it deleted. */
  deleteBatch(db: Db, cutoff: Date, limit: number, cursor: RuleCursor): Promise<number>;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface Batch {
  table: PgTable;
  key: PgColumn;
  /** Which rows may go: repeated on the DELETE (see the header). */
  doomed: SQL;
  /** Order of the subquery, for a rule that resumes (with a time column returned as `at_ms`). */
  order?: { column: PgColumn };
}

/** One DELETE of at most `limit` rows; the rows' keys (and their times, for a resuming rule) come back. */
async function deleteWhere(db: Db, b: Batch, limit: number): Promise<Array<{ at_ms: number | null }>> {
  const order = b.order ? sql` order by ${b.order.column}` : sql``;
  const returned = b.order ? sql`, (extract(epoch from ${b.order.column}) * 1000)::float8 as at_ms` : sql`, null::float8 as at_ms`;
  const result = await db.execute(sql`
    delete from ${b.table}
    where ${b.key} in (select ${b.key} from ${b.table} where ${b.doomed}${order} limit ${limit})
      and ${b.doomed}
    returning ${b.key}${returned}`);
  return rawRows<{ at_ms: number | string | null }>(result).map((r) => ({ at_ms: r.at_ms === null ? null : Number(r.at_ms) }));
}

const simple =
  (batch: (cutoff: Date) => Omit<Batch, "order">) =>
  async (db: Db, cutoff: Date, limit: number): Promise<number> =>
    (await deleteWhere(db, batch(cutoff), limit)).length;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    // Only rows already processed: processed_at is set when a notification's effect is final (applied, no change,
    // invalid hash …), and it is null for one still waiting or claimed, which is never deleted, whatever its age.
    // processed_at is indexed and never earlier than received_at, so a row past the cutoff by it is also older than
    // the period by when it arrived. The payment it changed keeps its state in the ledger; its timeline loses the
    // "notified" line after the period. A replay of a purged notification is stored again and only makes the
    // payment be checked with the gateway once more: a notification only hints, the gateway's answer decides.
    name: "notifications",
    table: "gateway_notifications",
    period: "notificationsDays",
    deleteBatch: simple((cutoff) => ({
      table: gatewayNotifications,
      key: gatewayNotifications.id,
      doomed: sql`${gatewayNotifications.processedAt} < ${at(cutoff)}`,
    })),
  },
  {
    // Nothing references gateway_calls by key, but a payment's timeline reads them by transaction or order id
    // (payment-page.ts, timeline.ts), and those rows are the only record of when each money call was sent, how the
    // gateway answered and how long it took: kept as long as the ledger they belong to. Deleted after the period:
    // the reads the timeline never shows (page loads, the reconciler's and notifications' syncs: every read but a
    // person's "Sync with gateway"), which are most of the table, and calls about no payment at all (roles, users,
    // branches, partners; the audit log records those actions). The partners list reads the newest transaction
    // details answers only, so it loses only partners no answer has named within the period.
    // Old rows kept are skipped again by each batch's scan: the rule resumes after the last row it deleted.
    name: "gatewayCalls",
    table: "gateway_calls",
    period: "gatewayCallsDays",
    async deleteBatch(db, cutoff, limit, cursor) {
      const reads = sql.join(
        [...READ_OPERATIONS].map((op) => sql`${op}`),
        sql`, `,
      );
      const from = cursor.afterMs === null ? sql`` : sql` and ${gatewayCalls.startedAt} >= ${at(new Date(cursor.afterMs))}`;
      const rows = await deleteWhere(
        db,
        {
          table: gatewayCalls,
          key: gatewayCalls.id,
          doomed: sql`${gatewayCalls.startedAt} < ${at(cutoff)}${from} and (
            (${gatewayCalls.operation} in (${reads}) and ${gatewayCalls.purpose} is distinct from 'user_sync')
            or (${gatewayCalls.orderId} is null and ${gatewayCalls.transactionId} is null))`,
          order: { column: gatewayCalls.startedAt },
        },
        limit,
      );
      // Milliseconds rounded down: never past a row not yet looked at (stored times may carry microseconds).
      for (const r of rows) if (r.at_ms !== null) cursor.afterMs = Math.max(cursor.afterMs ?? 0, Math.floor(r.at_ms));
      return rows.length;
    },
  },
  {
    // Ended sessions and expired ones (never ended by a request, last seen before the cutoff: the configuration
    // keeps the period above the longest a session can live, idle or not, so such a session is certainly over).
    // Each user's latest session is kept whatever its age: the new-sign-in alert treats a user without any session
    // as signing in for the first time and sends nothing, which would let a sign-in to a dormant account pass
    // unannounced. Their WebAuthn challenges go with them (ON DELETE CASCADE); nothing else references a session.
    name: "sessions",
    table: "sessions",
    period: "sessionsDays",
    deleteBatch: simple((cutoff) => ({
      table: sessions,
      key: sessions.id,
      doomed: sql`coalesce(${sessions.endedAt}, ${sessions.lastSeenAt}) < ${at(cutoff)}
        and exists (select 1 from ${sessions} as newer
                    where newer.user_id = ${sessions.userId} and newer.created_at > ${sessions.createdAt})`,
    })),
  },
  {
    // The sign-in throttle counts the last 15 minutes and a user's admin page the last 24 hours; the audit log keeps
    // every sign-in, failure and lockout for good.
    name: "signInAttempts",
    table: "login_attempts",
    period: "signInAttemptsDays",
    deleteBatch: simple((cutoff) => ({ table: loginAttempts, key: loginAttempts.id, doomed: sql`${loginAttempts.at} < ${at(cutoff)}` })),
  },
  {
    // The second-factor throttle counts the last 15 minutes only.
    name: "factorFailures",
    table: "mfa_failures",
    period: "signInAttemptsDays",
    deleteBatch: simple((cutoff) => ({ table: mfaFailures, key: mfaFailures.id, doomed: sql`${mfaFailures.at} < ${at(cutoff)}` })),
  },
  {
    // A lockout that ended before the cutoff locks nothing; a new one is written afresh (an upsert by key).
    name: "lapsedLockouts",
    table: "throttle_locks",
    period: "signInAttemptsDays",
    deleteBatch: simple((cutoff) => ({
      table: throttleLocks,
      key: throttleLocks.key,
      doomed: sql`${throttleLocks.lockedUntil} < ${at(cutoff)}`,
    })),
  },
  {
    // A WebAuthn challenge is good for 5 minutes and once; a session's next one replaces it. Those of a purged
    // session already went with it (ON DELETE CASCADE); these are the expired ones of sessions still kept.
    name: "passkeyChallenges",
    table: "mfa_challenges",
    period: "signInAttemptsDays",
    deleteBatch: simple((cutoff) => ({
      table: mfaChallenges,
      key: mfaChallenges.id,
      doomed: sql`${mfaChallenges.expiresAt} < ${at(cutoff)}`,
    })),
  },
  {
    // Every link is dead once it expires (used and replaced ones earlier), so the period counts from its expiry.
    // Opened after that, a purged link's page says "unknown link" instead of "expired"; either way it asks for a
    // new one. Nothing references a link row.
    name: "oneTimeLinks",
    table: "password_tokens",
    period: "signInAttemptsDays",
    deleteBatch: simple((cutoff) => ({
      table: passwordTokens,
      key: passwordTokens.id,
      doomed: sql`${passwordTokens.expiresAt} < ${at(cutoff)}`,
    })),
  },
  {
    // Sent mail only (its body was erased at sending); a pending, sending or failed row is kept for the worker or
    // for whoever looks into a mail that never arrived. Nothing references an outbox row.
    name: "sentMail",
    table: "mail_outbox",
    period: "mailDays",
    deleteBatch: simple((cutoff) => ({
      table: mailOutbox,
      key: mailOutbox.id,
      doomed: sql`${mailOutbox.status} = 'sent' and ${mailOutbox.sentAt} < ${at(cutoff)}`,
    })),
  },
];
