// One customer = one payer e-mail in any case (as the transactions filter matches it). lower() on both sides is
// the expression the payments_email_lower_idx index holds, so these reads use it.
import "server-only";
import { sql } from "drizzle-orm";
import { payments } from "../../db/schema";
import type { ServiceDeps } from "../deps";

export const sameEmail = (email: string) => sql`lower(${payments.payerEmail}) = lower(${email})`;

/** Every spelling of the e-mail the ledger has seen (any case), the one given first. */
export async function emailSpellings(deps: Pick<ServiceDeps, "db">, email: string): Promise<string[]> {
  const rows = await deps.db.selectDistinct({ email: payments.payerEmail }).from(payments).where(sameEmail(email)).limit(20);
  return [...new Set([email, ...rows.map((r) => r.email ?? "").filter(Boolean)])];
}
