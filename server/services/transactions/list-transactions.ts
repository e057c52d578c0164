// One page of the transactions list: the filter, the sort, and a keyset cursor for "Next"/"Previous". Read-only
// (no audit row); the page and GET /api/transactions both call it.
// No `import "server-only"`: the ledger benchmark (scripts/bench-ledger.ts) runs it too; it holds no secret.
import { decodeCursor, encodeCursor } from "@/lib/transactions/cursor";
import type { TransactionListItem, TransactionListPage } from "@/lib/transactions/list-item";
import { toFilter, type TransactionListQuery } from "@/lib/transactions/list-query";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { cursorFor, fetchPage, filterConditions, type TransactionRow } from "./ledger-query";
import { requirePermission } from "../require-permission";

export interface TransactionPage {
  rows: TransactionRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export async function listTransactions(ctx: ServiceContext<Pick<ServiceDeps, "db">>, query: TransactionListQuery): Promise<TransactionPage> {
  const { deps, principal } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && (!cursor || cursor.s !== query.sort)) {
    throw new AppError("invalid_request", "This page link is out of date. Start again from the first page.", { cursor: ["Not a valid page link."] });
  }
  const where = filterConditions(toFilter(query));
  const limit = query.size;
  const backwards = cursor?.d === "prev";
  const fetched = await fetchPage(deps.db, where, {
    sort: query.sort,
    dir: query.dir,
    after: cursor ? { value: cursor.v, id: cursor.id } : null,
    backwards,
    limit: limit + 1,
  });
  let rows: TransactionRow[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (!backwards) {
    rows = fetched.slice(0, limit);
    hasNext = fetched.length > limit;
    hasPrev = cursor !== null;
  } else if (fetched.length > limit) {
    rows = fetched.slice(1);
    hasPrev = true;
    hasNext = true;
  } else {
    // Back at the start: show a full first page (rows may have arrived since) rather than a short one.
    const first = await fetchPage(deps.db, where, { sort: query.sort, dir: query.dir, after: null, backwards: false, limit: limit + 1 });
    rows = first.slice(0, limit);
    hasNext = first.length > limit;
    hasPrev = false;
  }
  const last = rows.at(-1);
  const firstRow = rows[0];
  return {
    rows,
    nextCursor: hasNext && last ? encodeCursor(cursorFor(query.sort, last, "next")) : null,
    prevCursor: hasPrev && firstRow ? encodeCursor(cursorFor(query.sort, firstRow, "prev")) : null,
  };
}

const moneyOf = (minor: number, currency: string) => ({ minor, currency });

/** The JSON shape of a page (GET /api/transactions). */
export function toListPage(page: TransactionPage): TransactionListPage {
  return {
    items: page.rows.map(
      (r): TransactionListItem => ({
        id: r.id,
        orderId: r.orderId,
        gatewayId: r.gatewayId,
        kind: r.kind,
        status: r.status,
        amount: moneyOf(r.amountMinor, r.currency),
        captured: moneyOf(r.capturedMinor, r.currency),
        refunded: moneyOf(r.refundedMinor, r.currency),
        payerName: r.payerName,
        payerEmail: r.payerEmail,
        cardBrand: r.cardBrand,
        cardLast4: r.cardLast4,
        branchId: r.branchId,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}
