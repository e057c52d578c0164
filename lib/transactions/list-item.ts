// What GET /api/transactions returns for each row and page (JSON: instants as ISO strings, money as minor units
// with the currency). Browser-safe types; the server builds them from ledger rows.
/** Minor units with the ledger's currency code (a known ISO code; kept as text so nothing is relabelled). */
export interface LedgerMoney {
  minor: number;
  currency: string;
}

export interface TransactionListItem {
  id: string;
  orderId: string;
  gatewayId: string | null;
  kind: string;
  /** 'sale' or 'authorize'. */
  intent: string;
  status: string;
  amount: LedgerMoney;
  authorized: LedgerMoney;
  captured: LedgerMoney;
  refunded: LedgerMoney;
  payerName: string | null;
  payerEmail: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  branchId: string | null;
  createdAt: string;
}

export interface TransactionListPage {
  items: TransactionListItem[];
  /** Cursor of the next page (older rows for the default sort), or null at the end. */
  nextCursor: string | null;
  /** Cursor of the previous page, or null on the first page. */
  prevCursor: string | null;
}
