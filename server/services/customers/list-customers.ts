// The customers the ledger knows: payments grouped by payer e-mail, case-insensitively, in e-mail order, one keyset
// page at a time (the grouping walks the lower(payer_email) index in order and stops after the page, so a deep page
// costs about what the first does). The cursor is a customer key (a payment id), never the e-mail itself, so no
// e-mail lands in a URL. Search matches a part of the e-mail or of a name the customer paid under.
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext, ServiceDeps } from "../deps";
import { readKeysetPage, type KeysetPage } from "../keyset-page";
import { requirePermission } from "../require-permission";
import { emailOfKey } from "./customer-key";
import { foldedContains } from "@/lib/search/fold";
import { foldSql } from "../../db/search-fold";

export interface CustomerRow {
  /** The opaque key of the customer page: the id of the customer's first payment. */
  key: string;
  /** The spelling of the latest payment. */
  email: string;
  name: string | null;
  payments: number;
  recurringTokens: number;
  lastPaymentAt: string;
}

export interface CustomersInput {
  q?: string;
  /** A customer key: the page after (or, with `before`, before) that customer. */
  after?: string;
  before?: string;
  size?: number;
}

type Raw = {
  email_lower: string;
  key: string;
  email: string;
  name: string | null;
  payments: number | string;
  recurring: number | string;
  last_at: Date | string;
};

async function fetchCustomers(deps: Pick<ServiceDeps, "db">, q: string, after: string | null, backwards: boolean, limit: number) {
  const where: SQL[] = [sql`payer_email is not null`];
  if (after !== null) where.push(backwards ? sql`lower(payer_email) < ${after}` : sql`lower(payer_email) > ${after}`);
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Names are matched folded (lib/search/fold.ts): "احمد" finds "أحمد", "فاطمه" finds "فاطمة".
  const having = q
    ? sql`having bool_or(lower(payer_email) like ${like} or ${foldSql(sql`coalesce(payer_name, '')`)} like ${foldedContains(q)})`
    : sql``;
  const result = await deps.db.execute(sql`
    select lower(payer_email) as email_lower,
      (array_agg(id order by created_at, id))[1]::text as key,
      (array_agg(payer_email order by created_at desc, id desc))[1] as email,
      (array_agg(payer_name order by created_at desc, id desc) filter (where payer_name is not null))[1] as name,
      count(*) as payments,
      count(*) filter (where recurring_token is not null and parent_payment_id is null) as recurring,
      max(created_at) as last_at
    from payments
    where ${sql.join(where, sql` and `)}
    group by lower(payer_email)
    ${having}
    order by lower(payer_email) ${backwards ? sql`desc` : sql`asc`}
    limit ${limit}`);
  // postgres-js answers the rows as an array; PGlite, an object holding them.
  const rows = Array.isArray(result) ? (result as unknown as Raw[]) : (result as unknown as { rows: Raw[] }).rows;
  return backwards ? rows.reverse() : rows;
}

export async function listCustomers(ctx: ServiceContext<Pick<ServiceDeps, "db">>, input: CustomersInput): Promise<KeysetPage<CustomerRow>> {
  const { deps, principal } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const q = (input.q ?? "").trim().slice(0, 100);
  const size = Math.min(Math.max(input.size ?? 25, 1), 100);
  const cursorKey = input.before ?? input.after;
  const cursorEmail = cursorKey ? await emailOfKey(deps, cursorKey) : null;
  const page = await readKeysetPage<Raw, string>({
    start: cursorEmail === null ? null : { after: cursorEmail, backwards: Boolean(input.before) },
    size,
    fetch: (after, backwards, limit) => fetchCustomers(deps, q, after, backwards, limit),
    cursorOf: (row) => row.key,
  });
  return {
    ...page,
    rows: page.rows.map((r) => ({
      key: r.key,
      email: r.email,
      name: r.name,
      payments: Number(r.payments),
      recurringTokens: Number(r.recurring),
      lastPaymentAt: new Date(r.last_at).toISOString(),
    })),
  };
}
