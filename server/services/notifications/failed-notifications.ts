// Notifications that failed verification in the last 24 hours (#16): the Overview counts them under "Needs
// attention" and this list shows them, so that a wrong secret or profile shows up at once instead of as silently
// stuck payments. Both read the partial index on received_at of invalid_hash rows (migration 0022).
import "server-only";
import { and, count, desc, eq, gt } from "drizzle-orm";
import { gatewayNotifications } from "../../db/schema";
import type { Db } from "../../db/client";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export const FAILED_WINDOW_MS = 24 * 3_600_000;
const LIST_LIMIT = 200;

const failedSince = (since: Date) =>
  and(eq(gatewayNotifications.processingResult, "invalid_hash"), gt(gatewayNotifications.receivedAt, since));

/** How many notifications failed verification since `since` (one indexed count). */
export async function countFailedNotifications(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gatewayNotifications).where(failedSince(since));
  return Number(row?.n ?? 0);
}

export interface FailedNotification {
  id: number;
  receivedAt: string;
  action: string | null;
  status: string | null;
  transId: string | null;
  orderId: string | null;
  paymentId: string | null;
}

/** The newest failed notifications of the last 24 hours (at most 200). TRANSACTIONS_VIEW. */
export async function listFailedNotifications(ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>): Promise<FailedNotification[]> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  const since = new Date(ctx.deps.now().getTime() - FAILED_WINDOW_MS);
  const rows = await ctx.deps.db
    .select({
      id: gatewayNotifications.id,
      receivedAt: gatewayNotifications.receivedAt,
      action: gatewayNotifications.action,
      status: gatewayNotifications.status,
      transId: gatewayNotifications.transId,
      orderId: gatewayNotifications.orderId,
      paymentId: gatewayNotifications.paymentId,
    })
    .from(gatewayNotifications)
    .where(failedSince(since))
    .orderBy(desc(gatewayNotifications.receivedAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() }));
}
