// The sentences of one page of audit entries. Entries on a payment whose summary does not carry the order id (a
// refund approval, for one) get it from the payments table, in one query for the whole page, so every money
// sentence can name its order. Read-only; AUDIT_VIEW like the page it serves.
import "server-only";
import { inArray } from "drizzle-orm";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { payments, type AuditRow } from "../../../db/schema";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { auditSentence, type Sentence } from "./sentences";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const summaryOf = (r: AuditRow): Record<string, unknown> =>
  r.summary && typeof r.summary === "object" && !Array.isArray(r.summary) ? (r.summary as Record<string, unknown>) : {};

export async function describeAuditRows(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  rows: readonly AuditRow[],
  /** The reader's language (and digits) for the sentences; English when not given. */
  prefs: Pick<UiPrefs, "language" | "digits"> = DEFAULT_UI_PREFS,
): Promise<Map<number, Sentence>> {
  requirePermission(ctx.principal, "AUDIT_VIEW");
  const wanted = [
    ...new Set(
      rows
        .filter((r) => r.targetType === "payment" && r.targetId && UUID_RE.test(r.targetId) && typeof summaryOf(r).orderId !== "string")
        .map((r) => r.targetId!),
    ),
  ];
  const orders = new Map<string, string>();
  if (wanted.length) {
    const found = await ctx.deps.db
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(inArray(payments.id, wanted));
    for (const p of found) orders.set(p.id, p.orderId);
  }
  return new Map(
    rows.map((r) => [
      r.id,
      auditSentence(
        {
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          summary: summaryOf(r),
          orderId: r.targetId ? (orders.get(r.targetId) ?? null) : null,
        },
        prefs,
      ),
    ]),
  );
}
