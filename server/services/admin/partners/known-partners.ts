// The partners the dashboard knows. The gateway has no partner list call (contract 4.16), but every transaction
// details answer carries the merchant's business-unit hierarchy (contract 2.9), whose PARTNER nodes name the
// partners above the merchant; those answers are kept, redacted, in the gateway-call log. This reads the most recent
// ones (a bounded window of the log, newest first on its time index), takes each PARTNER node once, and leaves out
// partners this dashboard has already deleted. Read-only, so no audit row.
import "server-only";
import { sql } from "drizzle-orm";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export interface KnownPartner {
  id: string;
  name: string | null;
  nameAr: string | null;
  /** The last time a transaction's details named this partner. */
  lastSeenAt: string;
}

/** How many of the latest transaction-details answers are read: enough to see every partner, bounded in cost. */
export const DETAILS_WINDOW = 2_000;
/** Partners shown at most (a merchant sits under one partner, rarely a few). */
export const MAX_PARTNERS = 50;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listKnownPartners(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<KnownPartner[]> {
  requirePermission(ctx.principal, "PARTNERS_DELETE");
  // Any depth of the answer (the envelope's shape aside): every object whose businessUnitType is PARTNER.
  const result = await ctx.deps.db.execute(sql`
    with recent as (
      select response, started_at from gateway_calls
      where operation = 'transaction_details' and outcome = 'success'
      order by started_at desc
      limit ${DETAILS_WINDOW}
    ),
    nodes as (
      select node, started_at
      from recent, jsonb_path_query(recent.response, 'lax $.** ? (@.businessUnitType like_regex "^partner$" flag "i")') as node
    )
    select lower(node->>'businessUnitId') as id,
           (array_agg(node->>'businessUnitName' order by started_at desc))[1] as name,
           (array_agg(node->>'businessUnitNameAr' order by started_at desc))[1] as name_ar,
           max(started_at) as last_seen_at
    from nodes
    where node->>'businessUnitId' is not null
      and not exists (
        select 1 from audit_log a
        where a.action = 'partner.delete' and a.target_type = 'partner' and a.target_id = lower(node->>'businessUnitId')
      )
    group by 1
    order by max(started_at) desc
    limit ${MAX_PARTNERS}
  `);
  // PGlite answers { rows }, postgres-js the rows themselves.
  type Row = Record<string, unknown>;
  const rows: Row[] = Array.isArray(result) ? (result as Row[]) : (result as unknown as { rows: Row[] }).rows;
  return rows
    .filter((r) => typeof r.id === "string" && UUID_RE.test(r.id))
    .map((r) => ({
      id: r.id as string,
      name: typeof r.name === "string" && r.name.trim() ? r.name : null,
      nameAr: typeof r.name_ar === "string" && r.name_ar.trim() ? r.name_ar : null,
      lastSeenAt: new Date(r.last_seen_at as string | Date).toISOString(),
    }));
}
