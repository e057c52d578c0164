// The Transactions list's `activity` filter: exactly the payments behind an Overview figure, by the rules the
// ledger's rollup counts with (migration 0017) — a capture, refund or void when its dashboard action completed;
// a sale (money captured by the payment itself), a decline or an outcome when the payment was made; money the
// gateway reported without a dashboard action when the payment was made.
// No `import "server-only"`: the ledger benchmark runs the list query; it holds no secret.
import { and, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Activity } from "@/lib/reports/activity";
import { payments } from "../../db/schema";

const APPROVED = ["authorized", "captured", "partially_refunded", "refunded", "voided"];
const DECLINED = ["declined", "failed"];

function madeIn(from?: Date, before?: Date): SQL | undefined {
  return and(from ? gte(payments.createdAt, from) : undefined, before ? lt(payments.createdAt, before) : undefined);
}

/** A succeeded dashboard action of this type on the payment, completed in the range. */
function actionIn(type: "capture" | "refund" | "void", from?: Date, before?: Date): SQL {
  const at = sql`coalesce(a.completed_at, a.created_at)`;
  return sql`exists (select 1 from payment_actions a where a.payment_id = ${payments.id} and a.type = ${type}
    and a.state = 'succeeded'${from ? sql` and ${at} >= ${from.toISOString()}::timestamptz` : sql``}${
      before ? sql` and ${at} < ${before.toISOString()}::timestamptz` : sql``
    })`;
}

/** What the payment's succeeded actions of this type add up to. */
function actionSum(type: "capture" | "refund"): SQL {
  return sql`(select coalesce(sum(a.amount_minor), 0) from payment_actions a where a.payment_id = ${payments.id} and a.type = ${type} and a.state = 'succeeded')`;
}

export function activityCondition(activity: Activity, from?: Date, before?: Date): SQL | undefined {
  const made = madeIn(from, before);
  const sale = and(made, sql`${payments.capturedMinor} > ${actionSum("capture")}`);
  switch (activity) {
    case "sales":
      return sale;
    case "captures":
      return actionIn("capture", from, before);
    case "gross":
      return or(sale, actionIn("capture", from, before));
    case "refunds":
      return or(actionIn("refund", from, before), and(made, sql`${payments.refundedMinor} > ${actionSum("refund")}`));
    case "voids":
      return or(actionIn("void", from, before), and(made, sql`${payments.status} = 'voided'`, sql`not ${actionIn("void")}`));
    case "declines":
      return and(made, inArray(payments.status, DECLINED));
    case "approved":
      return and(made, inArray(payments.status, APPROVED));
    case "attempts":
      return and(made, inArray(payments.status, [...APPROVED, ...DECLINED]));
  }
}
