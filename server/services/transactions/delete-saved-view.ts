// Delete one of the signed-in user's saved views. Another user's view is "not found", exactly like a missing one,
// so that ids cannot be probed.
import "server-only";
import { and, eq } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import { savedViews } from "../../db/schema";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export async function deleteSavedView(ctx: ServiceContext<Pick<ServiceDeps, "db">>, input: { viewId: string }): Promise<void> {
  const { deps, principal, ip } = ctx;
  const { viewId } = input;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(savedViews)
      .where(and(eq(savedViews.id, viewId), eq(savedViews.userId, principal.userId)))
      .returning({ id: savedViews.id, name: savedViews.name });
    if (!row) throw new AppError("not_found", "savedViews.notFound");
    await appendAudit(tx, {
      action: "transactions.view_delete",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "saved_view",
      targetId: row.id,
      summary: { name: row.name },
    });
  });
}
