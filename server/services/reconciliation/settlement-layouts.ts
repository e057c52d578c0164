// Saved settlement file layouts: finance map an acquirer's columns once and save the mapping by name; the next file
// of that acquirer is imported with it. Saving a name that exists updates that layout (the files already imported
// keep the layout they were read with). Audited, with the layout before and after.
import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { settlementLayoutSchema, type SettlementLayout } from "@/lib/reconciliation/settlement-layout";
import { appendAudit } from "../../audit/audit-log";
import { settlementLayouts } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";

export interface SavedLayout extends SettlementLayout {
  id: string;
}

const toSaved = (row: typeof settlementLayouts.$inferSelect): SavedLayout => ({ id: row.id, name: row.name, ...row.layout });

export async function listSettlementLayouts(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<SavedLayout[]> {
  requirePermission(ctx.principal, "RECONCILIATION_MANAGE");
  return (await ctx.deps.db.select().from(settlementLayouts).orderBy(asc(settlementLayouts.name))).map(toSaved);
}

/** Creates the layout, or updates the one of that name (any case); returns it with its id. */
export async function saveSettlementLayout(ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>, raw: unknown): Promise<SavedLayout> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "RECONCILIATION_MANAGE");
  const { name, ...layout } = settlementLayoutSchema.parse(raw);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(settlementLayouts)
      .where(eq(sql`lower(${settlementLayouts.name})`, name.toLowerCase()))
      .for("update");
    const now = deps.now();
    const [row] = before
      ? await tx.update(settlementLayouts).set({ name, layout, updatedAt: now }).where(eq(settlementLayouts.id, before.id)).returning()
      : await tx
          .insert(settlementLayouts)
          .values({ name, layout, createdBy: principal.userId, createdAt: now, updatedAt: now })
          .returning();
    await appendAudit(tx, {
      action: before ? "settlement.layout_update" : "settlement.layout_create",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "settlement_layout",
      targetId: row!.id,
      summary: { name, before: before ? before.layout : null, after: layout },
    });
    return toSaved(row!);
  });
}
