// The other side of matching: money the ledger captured that no settlement file has listed by the time it should
// have (SETTLEMENT_LAG_DAYS after the capture, per card brand). Each such payment becomes one open "not in any file"
// exception. Only payments captured since the first day any imported file covers are looked at: before that, the
// merchant was not reconciling here, and every older payment would be an exception. A later file that lists the
// payment closes its exception as settled late (match-settlement-lines.ts).
import "server-only";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { holdDaysFor, type DaysPerBrand } from "../../auth-hold-config";
import type { Tx } from "../../db/client";
import { payments, reconciliationExceptions, settlementLines } from "../../db/schema";

const BATCH = 1_000;
const DAY_MS = 86_400_000;

/** When the ledger's money was captured: a sale at its creation, an authorization at its capture. */
const capturedAt = sql<Date>`(case when ${payments.intent} = 'sale' then ${payments.createdAt} else coalesce(
  (select max(a.completed_at) from payment_actions a where a.payment_id = ${payments.id} and a.type = 'capture' and a.state = 'succeeded'),
  ${payments.updatedAt}) end)`;

/** Opens a "not in any file" exception for each captured payment past its lag that no file lists; returns how many. */
export async function flagUnsettledPayments(tx: Tx, now: Date, lag: DaysPerBrand): Promise<number> {
  const [first] = await tx.select({ at: sql<Date | string | null>`min(${settlementLines.transactionAt})` }).from(settlementLines);
  if (!first?.at) return 0;
  const since = new Date(first.at);
  const shortestLag = Math.min(lag.defaultDays, ...Object.values(lag.byBrand));
  const latest = new Date(now.getTime() - shortestLag * DAY_MS);
  let flagged = 0;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: Array<{ id: string; orderId: string; cardBrand: string | null; at: Date | string; capturedAt: Date | string }> = await tx
      .select({ id: payments.id, orderId: payments.orderId, cardBrand: payments.cardBrand, at: payments.createdAt, capturedAt })
      .from(payments)
      .where(
        and(
          sql`${payments.status} in ('captured', 'partially_refunded', 'refunded')`,
          gt(payments.capturedMinor, 0),
          sql`${capturedAt} >= ${since.toISOString()}::timestamptz`,
          sql`${capturedAt} <= ${latest.toISOString()}::timestamptz`,
          sql`not exists (select 1 from settlement_lines l where l.payment_id = ${payments.id} and l.gross_minor > 0)`,
          after ? or(gt(payments.createdAt, after.at), and(eq(payments.createdAt, after.at), gt(payments.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!;
    after = { at: new Date(last.at), id: last.id };
    const captured = new Map(rows.map((r) => [r.id, new Date(r.capturedAt)]));
    const due = rows.filter((r) => captured.get(r.id)!.getTime() + holdDaysFor(lag, r.cardBrand) * DAY_MS <= now.getTime());
    if (due.length) {
      const inserted = await tx
        .insert(reconciliationExceptions)
        .values(
          due.map((r) => ({
            kind: "not_in_file",
            paymentId: r.id,
            detail: { orderId: r.orderId, capturedAt: captured.get(r.id)!.toISOString(), lagDays: holdDaysFor(lag, r.cardBrand) },
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: reconciliationExceptions.id });
      flagged += inserted.length;
    }
    if (rows.length < BATCH) break;
  }
  return flagged;
}

/** A later file listed these payments after all: their open "not in any file" items end as settled late. */
export async function closeSettledLate(tx: Tx, paymentIds: readonly string[], now: Date): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx
    .update(reconciliationExceptions)
    .set({ state: "resolved", resolution: "settled_late", resolvedAt: now })
    .where(
      and(
        eq(reconciliationExceptions.kind, "not_in_file"),
        eq(reconciliationExceptions.state, "open"),
        sql`${reconciliationExceptions.paymentId} in (${sql.join(
          paymentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}
