// One page of the transactions list: the filter, the sort, and a keyset cursor for "Next"/"Previous". Read-only
// (no audit row); the page and GET /api/transactions both call it.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { decodeCursor, encodeCursor } from "@/lib/transactions/cursor";
import type { TransactionListItem, TransactionListPage } from "@/lib/transactions/list-item";
import { toFilter, type TransactionListQuery } from "@/lib/transactions/list-query";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { COUNT_LIMIT, toMatchCount, type MatchCount } from "@/lib/transactions/count";
import { countMatching, cursorFor, fetchPage, filterConditions, type TransactionRow } from "./ledger-query";
import { readKeysetPage, type KeysetPage } from "../keyset-page";
import { requirePermission } from "../require-permission";
import { vmsg } from "@/lib/schemas/messages";

export type TransactionPage = KeysetPage<TransactionRow>;

export async function listTransactions(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  query: TransactionListQuery,
): Promise<TransactionPage> {
  const { deps, principal } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && (!cursor || cursor.s !== query.sort)) {
    throw new AppError("invalid_request", "list.staleCursor", {
      cursor: [vmsg("list.badCursor")],
    });
  }
  const where = filterConditions(toFilter(query));
  return readKeysetPage({
    start: cursor ? { after: { value: cursor.v, id: cursor.id }, backwards: cursor.d === "prev" } : null,
    size: query.size,
    fetch: (after, backwards, limit) => fetchPage(deps.db, where, { sort: query.sort, dir: query.dir, after, backwards, limit }),
    cursorOf: (row, d) => encodeCursor(cursorFor(query.sort, row, d)),
  });
}

/**
 * How many payments match the query's filter (not its page): exact up to `limit`, then capped ("10,000+"). The
 * page shows it; GET /api/transactions does not pay for it.
 */
export async function countTransactions(
  ctx: ServiceContext<Pick<ServiceDeps, "db">>,
  query: TransactionListQuery,
  limit: number = COUNT_LIMIT,
): Promise<MatchCount> {
  requirePermission(ctx.principal, "TRANSACTIONS_VIEW");
  return toMatchCount(await countMatching(ctx.deps.db, filterConditions(toFilter(query)), limit), limit);
}

const moneyOf = (minor: number, currency: string) => ({ minor, currency });

/** The JSON shape of a page (GET /api/transactions). */
export function toListPage(page: TransactionPage): TransactionListPage {
  return {
    items: page.rows.map((r): TransactionListItem => ({
      id: r.id,
      orderId: r.orderId,
      gatewayId: r.gatewayId,
      kind: r.kind,
      intent: r.intent,
      status: r.status,
      amount: moneyOf(r.amountMinor, r.currency),
      authorized: moneyOf(r.authorizedMinor, r.currency),
      captured: moneyOf(r.capturedMinor, r.currency),
      refunded: moneyOf(r.refundedMinor, r.currency),
      payerName: r.payerName,
      payerEmail: r.payerEmail,
      cardBrand: r.cardBrand,
      cardLast4: r.cardLast4,
      branchId: r.branchId,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}
