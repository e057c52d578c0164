// What needs a person today, for the Overview: payments whose outcome is still being confirmed, authorizations
// waiting for capture, refunds waiting for a second person, and billing plans paused after declines. Each count is
// shown only to those who can act on it (or see it); every count is a single indexed query.
import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Principal } from "../../auth/principal";
import type { ServiceContext, ServiceDeps } from "../deps";
import { billingPlans, paymentActions, payments } from "../../db/schema";
import { countFailedNotifications, FAILED_WINDOW_MS } from "../notifications/failed-notifications";

export interface AttentionItem {
  id: "unknown_outcomes" | "to_capture" | "refund_approvals" | "paused_plans" | "failed_notifications";
  count: number;
  label: string;
  href: string;
}

export async function attentionItems(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<AttentionItem[]> {
  const {
    deps: { db },
    principal,
  } = ctx;
  const has = (p: Parameters<Principal["permissions"]["has"]>[0]) => principal.permissions.has(p);
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0]?.n ?? 0);
  const jobs: Array<Promise<AttentionItem>> = [];
  if (has("TRANSACTIONS_VIEW")) {
    jobs.push(
      n(db.select({ n: count() }).from(payments).where(eq(payments.status, "unknown"))).then((c) => ({
        id: "unknown_outcomes",
        count: c,
        label:
          c === 1
            ? "payment whose outcome is being confirmed with the gateway"
            : "payments whose outcome is being confirmed with the gateway",
        href: "/transactions?status=unknown",
      })),
    );
  }
  if (has("TRANSACTIONS_VIEW")) {
    // #16: notifications that failed verification in the last 24 h (a wrong secret or profile shows at once).
    jobs.push(
      countFailedNotifications(db, new Date(Date.now() - FAILED_WINDOW_MS)).then((c) => ({
        id: "failed_notifications",
        count: c,
        label: c === 1 ? "notification failed verification in the last 24 hours" : "notifications failed verification in the last 24 hours",
        href: "/payments/notifications",
      })),
    );
  }
  if (has("CAPTURES_CREATE")) {
    jobs.push(
      n(db.select({ n: count() }).from(payments).where(eq(payments.status, "authorized"))).then((c) => ({
        id: "to_capture",
        count: c,
        label: c === 1 ? "authorization waiting for capture" : "authorizations waiting for capture",
        href: "/captures",
      })),
    );
  }
  if (has("REFUNDS_APPROVE")) {
    jobs.push(
      n(
        db
          .select({ n: count() })
          .from(paymentActions)
          .where(and(eq(paymentActions.type, "refund"), eq(paymentActions.state, "pending_approval"))),
      ).then((c) => ({
        id: "refund_approvals",
        count: c,
        label: c === 1 ? "refund waiting for approval" : "refunds waiting for approval",
        href: "/refunds",
      })),
    );
  }
  if (has("RECURRING_CHARGE")) {
    jobs.push(
      n(
        db
          .select({ n: count() })
          .from(billingPlans)
          .where(inArray(billingPlans.status, ["paused"])),
      ).then((c) => ({
        id: "paused_plans",
        count: c,
        label: c === 1 ? "billing plan paused" : "billing plans paused",
        href: "/recurring/plans",
      })),
    );
  }
  return Promise.all(jobs);
}
