// Matching an imported settlement file's lines against the ledger, in the import's transaction: a line is the
// payment whose RRN it carries (the acquirer's own key), or else the payment with its gateway id. Then:
//   - a sale line must carry exactly what the ledger captured, in the payment's currency (amount_mismatch otherwise,
//     with both amounts);
//   - a payment settled by a second sale line, in this file or an earlier one, is a duplicate (the first line stays
//     matched; the exception names it);
//   - a refund line (negative) must not exceed what the ledger refunded on that payment;
//   - a line the ledger does not know is not_in_ledger.
// An RRN two payments share matches neither (the gateway id may still tell). Each finding is an open exception for
// the queue. Lines are read and written in batches, so a file of 100,000 lines costs a few hundred statements.
import "server-only";
import { and, asc, eq, gt, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { payments, reconciliationExceptions, settlementLines } from "../../db/schema";
import { closeSettledLate } from "./unsettled-payments";

const BATCH = 1_000;

export type MatchState = "matched" | "amount_mismatch" | "duplicate" | "not_in_ledger";

export type MatchSummary = Record<MatchState, number>;

interface LedgerPayment {
  id: string;
  rrn: string | null;
  gatewayId: string | null;
  currency: string;
  capturedMinor: number;
  refundedMinor: number;
}

interface Finding {
  lineId: string;
  paymentId: string | null;
  rule: "rrn" | "gateway_id" | null;
  state: MatchState;
  detail: Record<string, string | number | null>;
}

export async function matchSettlementLines(tx: Tx, fileId: string, now: Date = new Date()): Promise<MatchSummary> {
  const summary: MatchSummary = { matched: 0, amount_mismatch: 0, duplicate: 0, not_in_ledger: 0 };
  /** Payments a sale line of this file has settled so far, with that line's number. */
  const settledHere = new Map<string, number>();
  let after = 0;
  for (;;) {
    const lines = await tx
      .select({
        id: settlementLines.id,
        line: settlementLines.line,
        rrn: settlementLines.rrn,
        gatewayId: settlementLines.gatewayId,
        currency: settlementLines.currency,
        grossMinor: settlementLines.grossMinor,
      })
      .from(settlementLines)
      .where(and(eq(settlementLines.fileId, fileId), gt(settlementLines.line, after)))
      .orderBy(asc(settlementLines.line))
      .limit(BATCH);
    if (lines.length === 0) break;
    after = lines[lines.length - 1]!.line;

    const rrns = [...new Set(lines.flatMap((l) => (l.rrn ? [l.rrn] : [])))];
    const gatewayIds = [...new Set(lines.flatMap((l) => (l.gatewayId ? [l.gatewayId] : [])))];
    const found: LedgerPayment[] =
      rrns.length || gatewayIds.length
        ? await tx
            .select({
              id: payments.id,
              rrn: payments.rrn,
              gatewayId: payments.gatewayId,
              currency: payments.currency,
              capturedMinor: payments.capturedMinor,
              refundedMinor: payments.refundedMinor,
            })
            .from(payments)
            .where(
              or(
                rrns.length ? inArray(payments.rrn, rrns) : sql`false`,
                gatewayIds.length ? inArray(payments.gatewayId, gatewayIds) : sql`false`,
              ),
            )
        : [];
    const byRrn = new Map<string, LedgerPayment[]>();
    const byGatewayId = new Map<string, LedgerPayment>();
    for (const p of found) {
      if (p.rrn) byRrn.set(p.rrn, [...(byRrn.get(p.rrn) ?? []), p]);
      if (p.gatewayId) byGatewayId.set(p.gatewayId, p);
    }
    // Sale lines of earlier files (or of this one, outside this batch) that already settled these payments.
    const earlier = new Map<string, { fileId: string; line: number }>();
    if (found.length) {
      const rows = await tx
        .select({ paymentId: settlementLines.paymentId, fileId: settlementLines.fileId, line: settlementLines.line })
        .from(settlementLines)
        .where(
          and(
            inArray(
              settlementLines.paymentId,
              found.map((p) => p.id),
            ),
            inArray(settlementLines.matchState, ["matched", "amount_mismatch"]),
            gt(settlementLines.grossMinor, 0),
            notInArray(
              settlementLines.id,
              lines.map((l) => l.id),
            ),
          ),
        );
      for (const r of rows) if (r.paymentId && !earlier.has(r.paymentId)) earlier.set(r.paymentId, { fileId: r.fileId, line: r.line });
    }

    const findings = lines.map((l): Finding => {
      const viaRrn = l.rrn ? byRrn.get(l.rrn) : undefined;
      const [payment, rule] =
        viaRrn?.length === 1
          ? [viaRrn[0]!, "rrn" as const]
          : l.gatewayId && byGatewayId.has(l.gatewayId)
            ? [byGatewayId.get(l.gatewayId)!, "gateway_id" as const]
            : [null, null];
      if (!payment)
        return { lineId: l.id, paymentId: null, rule: null, state: "not_in_ledger", detail: { rrn: l.rrn, gatewayId: l.gatewayId } };
      const base = { lineId: l.id, paymentId: payment.id, rule };
      if (l.grossMinor >= 0) {
        const first = earlier.get(payment.id) ?? (settledHere.has(payment.id) ? { fileId, line: settledHere.get(payment.id)! } : undefined);
        if (first) return { ...base, state: "duplicate", detail: { firstFileId: first.fileId, firstLine: first.line } };
        settledHere.set(payment.id, l.line);
        if (l.currency !== payment.currency || l.grossMinor !== payment.capturedMinor) {
          return {
            ...base,
            state: "amount_mismatch",
            detail: {
              ledgerMinor: payment.capturedMinor,
              ledgerCurrency: payment.currency,
              fileMinor: l.grossMinor,
              fileCurrency: l.currency,
            },
          };
        }
        return { ...base, state: "matched", detail: {} };
      }
      if (l.currency !== payment.currency || -l.grossMinor > payment.refundedMinor) {
        return {
          ...base,
          state: "amount_mismatch",
          detail: {
            ledgerMinor: -payment.refundedMinor,
            ledgerCurrency: payment.currency,
            fileMinor: l.grossMinor,
            fileCurrency: l.currency,
          },
        };
      }
      return { ...base, state: "matched", detail: {} };
    });

    await tx.execute(sql`
      update settlement_lines as l
      set payment_id = v.payment_id::uuid, match_rule = v.rule, match_state = v.state
      from (values ${sql.join(
        findings.map((f) => sql`(${f.lineId}, ${f.paymentId}, ${f.rule}, ${f.state})`),
        sql`, `,
      )}) as v(id, payment_id, rule, state)
      where l.id = v.id::uuid`);
    const exceptions = findings.filter((f) => f.state !== "matched");
    if (exceptions.length) {
      await tx
        .insert(reconciliationExceptions)
        .values(exceptions.map((f) => ({ kind: f.state, fileId, lineId: f.lineId, paymentId: f.paymentId, detail: f.detail })));
    }
    for (const f of findings) summary[f.state]++;
    // Payments these sale lines list are settled, late or not: their "not in any file" items end.
    await closeSettledLate(
      tx,
      lines.flatMap((l, i) => (l.grossMinor > 0 && findings[i]!.paymentId ? [findings[i]!.paymentId!] : [])),
      now,
    );
  }
  return summary;
}
