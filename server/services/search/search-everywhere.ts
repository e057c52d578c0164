// Search from anywhere (the header's box, Ctrl/Cmd+K): one text, read every way it can mean something
// (lib/search/everywhere.ts), answered in groups the searcher may open: payments and customers (TRANSACTIONS_VIEW),
// payment links (PAYMENTS_CREATE), dashboard users (USERS_MANAGE). Every reading is an indexed lookup (primary key,
// RRN, last four, phone tail, amount, and trigram indexes for parts of an order id, e-mail or folded name:
// migration 0032), so a search costs about the same at a million payments as at a hundred.
// No `import "server-only"`: the search benchmark (scripts/bench-search.ts) runs it too; it holds no secret.
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { isCurrencyCode } from "@/lib/money";
import { linkStatus } from "@/lib/payment-link-status";
import { foldedContains, foldForSearch } from "@/lib/search/fold";
import { readSearch, type SearchTerms } from "@/lib/search/everywhere";
import { searchGroupsFor } from "@/lib/search/result-href";
import type { CustomerHit, Group, LinkHit, MatchedBy, PaymentHit, SearchResults, UserHit } from "@/lib/search/results";
import { todayInZone } from "@/lib/transactions/zoned-time";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { likeEscape } from "../../db/like-pattern";
import { paymentLinks, payments, users } from "../../db/schema";
import { foldSql } from "../../db/search-fold";
import type { ServiceContext, ServiceDeps } from "../deps";

/** Hits shown per group; one more is read to know whether "See all" has more to show. */
export const GROUP_SIZE = 5;

type SearchDeps = Pick<ServiceDeps, "db" | "now"> & { config: Pick<AppConfig, "reportTimeZone"> };

const contains = (text: string) => `%${likeEscape(text)}%`;

/** The person a payment was made by: e-mail, phone or a part of the name, e-mail (as the customers group reads it). */
function personConditions(t: SearchTerms): Array<SQL | undefined> {
  return [
    t.email ? sql`lower(${payments.payerEmail}) = ${t.email}` : undefined,
    t.phoneTail ? sql`phone_tail(${payments.payerPhone}) = ${t.phoneTail}` : undefined,
    t.contains ? sql`lower(${payments.payerEmail}) like ${contains(t.contains)}` : undefined,
    t.contains ? sql`${foldSql(payments.payerName)} like ${foldedContains(t.contains)}` : undefined,
  ];
}

/**
 * Every reading of the text as a condition on payments, each one an index can answer. They are queried one by one
 * (each newest first, GROUP_SIZE + 1 rows) and merged, never ORed into one query: ORed, the planner adds up their
 * estimates and may walk the whole ledger newest first, filtering every row, to find a payment id that matches one
 * row (14 s at a million payments on PGlite); alone, each takes its own index.
 */
function paymentReadings(t: SearchTerms): SQL[] {
  const readings: Array<SQL | undefined> = [
    t.uuid ? or(eq(payments.id, t.uuid), eq(payments.gatewayId, t.uuid)) : undefined,
    or(eq(payments.orderId, t.text), eq(payments.gatewayId, t.text)),
    t.rrn ? eq(payments.rrn, t.rrn) : undefined,
    t.last4 ? eq(payments.cardLast4, t.last4) : undefined,
    ...t.amounts.map(({ minor, currencies }) => and(eq(payments.amountMinor, minor), inArray(payments.currency, currencies))),
    t.contains ? ilike(payments.orderId, contains(t.text)) : undefined,
    ...personConditions(t),
  ];
  return readings.filter((r): r is SQL => r !== undefined);
}

/** The newest `limit` distinct rows of several newest-first lists (a row found by two readings counts once). */
function newestDistinct<R extends { id: string; createdAt: Date }>(lists: R[][], limit: number): R[] {
  const byId = new Map<string, R>();
  for (const r of lists.flat()) byId.set(r.id, r);
  return [...byId.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

/** Each reading's newest rows (its own indexed query), merged: the newest GROUP_SIZE + 1 distinct ones. */
async function newestPerReading<R extends { id: string; createdAt: Date }>(
  t: SearchTerms,
  query: (reading: SQL) => Promise<R[]>,
): Promise<R[]> {
  return newestDistinct(await Promise.all(paymentReadings(t).map(query)), GROUP_SIZE + 1);
}

/** The hits shown and whether more matched, from the GROUP_SIZE + 1 rows read. */
function toGroup<R, H>(rows: R[], hit: (r: R) => H): Group<H> {
  return { more: rows.length > GROUP_SIZE, hits: rows.slice(0, GROUP_SIZE).map(hit) };
}

/** Newest first, the order every group's query reads in. */
const NEWEST = [desc(payments.createdAt), desc(payments.id)];

/** Why a row is in the results, in the order a person would name it. */
function matchedBy(
  t: SearchTerms,
  r: {
    id: string;
    orderId: string;
    gatewayId: string | null;
    rrn: string | null;
    cardLast4: string | null;
    payerEmail: string | null;
    payerPhone: string | null;
    payerName: string | null;
    amountMinor: number;
    currency: string;
  },
): MatchedBy {
  const lower = (s: string | null) => (s ?? "").toLowerCase();
  if (t.uuid && (r.id === t.uuid || lower(r.gatewayId) === t.uuid)) return "id";
  if (r.orderId === t.text || r.gatewayId === t.text) return "order";
  if (t.rrn && r.rrn === t.rrn) return "rrn";
  if (t.phoneTail && (r.payerPhone ?? "").replace(/\D/g, "").endsWith(t.phoneTail)) return "phone";
  if (t.email && lower(r.payerEmail) === t.email) return "email";
  if (t.last4 && r.cardLast4 === t.last4) return "last4";
  if (t.amounts.some((a) => a.minor === r.amountMinor && (a.currencies as string[]).includes(r.currency))) return "amount";
  if (t.contains && lower(r.orderId).includes(t.contains)) return "order";
  if (t.contains && lower(r.payerEmail).includes(t.contains)) return "email";
  return "name";
}

async function searchPayments(db: Db, t: SearchTerms, withoutLinks: boolean): Promise<Group<PaymentHit>> {
  const rows = await newestPerReading(t, (reading) =>
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        gatewayId: payments.gatewayId,
        rrn: payments.rrn,
        status: payments.status,
        kind: payments.kind,
        intent: payments.intent,
        currency: payments.currency,
        amountMinor: payments.amountMinor,
        payerName: payments.payerName,
        payerEmail: payments.payerEmail,
        payerPhone: payments.payerPhone,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(reading, withoutLinks ? ne(payments.kind, "payment_link") : undefined))
      .orderBy(...NEWEST)
      .limit(GROUP_SIZE + 1),
  );
  return toGroup(rows, (r) => ({
    id: r.id,
    orderId: r.orderId,
    status: r.status,
    kind: r.kind,
    intent: r.intent,
    amount: isCurrencyCode(r.currency) ? { minor: r.amountMinor, currency: r.currency } : null,
    payerName: r.payerName,
    payerEmail: r.payerEmail,
    cardBrand: r.cardBrand,
    cardLast4: r.cardLast4,
    createdAt: r.createdAt.toISOString(),
    matchedBy: matchedBy(t, r),
  }));
}

async function searchCustomers(db: Db, t: SearchTerms): Promise<Group<CustomerHit>> {
  // The customers (payer e-mails) each person-reading finds, most recent payment first, one reading at a time (as
  // paymentReadings says why); then the few chosen are read whole through the lower(payer_email) index.
  const lists = await Promise.all(
    personConditions(t)
      .filter((c): c is SQL => c !== undefined)
      .map((reading) =>
        db
          .select({ email: sql<string>`lower(${payments.payerEmail})`, lastAt: sql<string>`max(${payments.createdAt})::text` })
          .from(payments)
          .where(and(sql`${payments.payerEmail} is not null`, reading))
          .groupBy(sql`lower(${payments.payerEmail})`)
          .orderBy(sql`max(${payments.createdAt}) desc`)
          .limit(GROUP_SIZE + 1),
      ),
  );
  const latest = new Map<string, number>();
  for (const r of lists.flat()) latest.set(r.email, Math.max(latest.get(r.email) ?? 0, new Date(r.lastAt).getTime()));
  const chosen = [...latest].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, GROUP_SIZE + 1);
  if (!chosen.length) return { hits: [], more: false };
  const rows = await db
    .select({
      emailLower: sql<string>`lower(${payments.payerEmail})`,
      key: sql<string>`(array_agg(${payments.id} order by ${payments.createdAt} desc, ${payments.id} desc))[1]::text`,
      email: sql<string>`(array_agg(${payments.payerEmail} order by ${payments.createdAt} desc, ${payments.id} desc))[1]`,
      name: sql<
        string | null
      >`(array_agg(${payments.payerName} order by ${payments.createdAt} desc, ${payments.id} desc) filter (where ${payments.payerName} is not null))[1]`,
      lastAt: sql<string>`max(${payments.createdAt})::text`,
    })
    .from(payments)
    .where(
      inArray(
        sql`lower(${payments.payerEmail})`,
        chosen.map(([email]) => email),
      ),
    )
    .groupBy(sql`lower(${payments.payerEmail})`);
  const byEmail = new Map(rows.map((r) => [r.emailLower, r]));
  const ordered = chosen.map(([email]) => byEmail.get(email)).filter((r) => r !== undefined);
  return toGroup(ordered, (r) => ({ key: r.key, email: r.email, name: r.name, lastPaymentAt: new Date(r.lastAt).toISOString() }));
}

async function searchLinks(db: Db, t: SearchTerms, today: string): Promise<Group<LinkHit>> {
  const rows = await newestPerReading(t, (reading) =>
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        status: payments.status,
        currency: payments.currency,
        amountMinor: payments.amountMinor,
        payerName: payments.payerName,
        createdAt: payments.createdAt,
        expireDate: paymentLinks.expireDate,
        cancelledAt: paymentLinks.cancelledAt,
      })
      .from(payments)
      .leftJoin(paymentLinks, eq(paymentLinks.paymentId, payments.id))
      .where(and(eq(payments.kind, "payment_link"), reading))
      .orderBy(...NEWEST)
      .limit(GROUP_SIZE + 1),
  );
  return toGroup(rows, (r) => ({
    paymentId: r.id,
    orderId: r.orderId,
    status: linkStatus(r.status, r.expireDate, today, Boolean(r.cancelledAt)),
    amount: isCurrencyCode(r.currency) ? { minor: r.amountMinor, currency: r.currency } : null,
    customerName: r.payerName,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function searchUsers(db: Db, t: SearchTerms): Promise<Group<UserHit>> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      invited: sql<boolean>`${users.passwordHash} is null`,
    })
    .from(users)
    .where(
      or(
        t.uuid ? eq(users.id, t.uuid) : undefined,
        t.email ? eq(users.email, t.email) : undefined,
        t.phoneTail ? sql`phone_tail(${users.phoneNumber}) = ${t.phoneTail}` : undefined,
        sql`${users.email} like ${contains(t.text.toLowerCase())}`,
        sql`${foldSql(users.name)} like ${contains(foldForSearch(t.text))}`,
      ),
    )
    .orderBy(users.name, users.id)
    .limit(GROUP_SIZE + 1);
  return toGroup(rows, (u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    status: u.status === "disabled" ? ("disabled" as const) : u.invited ? ("invited" as const) : ("active" as const),
  }));
}

/** The searcher's results, one group per area they may open; nothing at all for a text too short to search. */
export async function searchEverywhere(ctx: ServiceContext<SearchDeps>, raw: string): Promise<SearchResults> {
  const { deps, principal } = ctx;
  const groups = searchGroupsFor(principal.permissions);
  const may = (group: (typeof groups)[number]) => groups.includes(group);
  const t = readSearch(raw);
  const empty = { hits: [], more: false };
  const results: SearchResults = { text: t?.text ?? "" };
  if (!t) {
    for (const g of groups) results[g] = empty;
    return results;
  }
  const today = todayInZone(deps.config.reportTimeZone, deps.now());
  // A payment link shows once, in its own group, to whoever may see the links.
  const [p, c, l, u] = await Promise.all([
    may("payments") ? searchPayments(deps.db, t, may("links")) : undefined,
    may("customers") ? searchCustomers(deps.db, t) : undefined,
    may("links") ? searchLinks(deps.db, t, today) : undefined,
    may("users") ? searchUsers(deps.db, t) : undefined,
  ]);
  if (p) results.payments = p;
  if (c) results.customers = c;
  if (l) results.links = l;
  if (u) results.users = u;
  return results;
}
