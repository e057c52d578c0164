// The signed-in user's saved views of the transactions list, by name. A user never sees another user's views.
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { SavedView } from "@/lib/transactions/saved-view";
import { savedViews } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export async function listSavedViews(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<SavedView[]> {
  const { deps, principal } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const rows = await deps.db
    .select({ id: savedViews.id, name: savedViews.name, query: savedViews.query, createdAt: savedViews.createdAt })
    .from(savedViews)
    .where(eq(savedViews.userId, principal.userId))
    .orderBy(asc(savedViews.name));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
