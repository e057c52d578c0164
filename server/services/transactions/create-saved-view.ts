// Save the current filter of the transactions list under a name, for the signed-in user only. Names are unique per
// user (a second "Morning" is refused, not overwritten); the view and its audit row are written together.
import "server-only";
import { count, eq, sql } from "drizzle-orm";
import { MAX_SAVED_VIEWS, type CreateSavedView, type SavedView } from "@/lib/transactions/saved-view";
import { appendAudit } from "../../audit/audit-log";
import { savedViews } from "../../db/schema";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { vmsg } from "@/lib/schemas/messages";

export async function createSavedView(ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>, input: CreateSavedView): Promise<SavedView> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  return deps.db.transaction(async (tx) => {
    // Serialise this user's saves so that the count check and the insert see the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved-views:${principal.userId}`}, 0))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, principal.userId));
    if (n >= MAX_SAVED_VIEWS) throw new AppError("conflict", ["savedViews.tooMany", { max: MAX_SAVED_VIEWS }]);
    const [row] = await tx
      .insert(savedViews)
      .values({ userId: principal.userId, name: input.name, query: input.query, createdAt: deps.now() })
      .onConflictDoNothing({ target: [savedViews.userId, savedViews.name] })
      .returning();
    if (!row)
      throw new AppError("conflict", ["savedViews.nameTaken", { name: input.name }], {
        name: [vmsg("savedViews.nameTaken")],
      });
    await appendAudit(tx, {
      action: "transactions.view_create",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "saved_view",
      targetId: row.id,
      summary: { name: row.name },
    });
    return { id: row.id, name: row.name, query: row.query, createdAt: row.createdAt.toISOString() };
  });
}
