// One line of a settlement file, read through its layout: typed values for matching and fee checks, and the file's
// own values kept as they were written (what finance compare with the acquirer's copy). A bad value is reported with
// its line number, its column's header and the value itself, so that finance can fix the file; the import takes a
// file whole or not at all (server/services/reconciliation/).
import { isCurrencyCode, type CurrencyCode } from "../money";
import { latinDigits } from "../search/everywhere";
import { SETTLEMENT_FIELDS, type SettlementField, type SettlementLayout } from "./settlement-layout";
import { readAmount, readCalendarDate, readCardLast4, readDateTime } from "./settlement-values";

export interface SettlementLine {
  /** The line's number in the file, counting the header as line 1. */
  line: number;
  transactionAt: Date;
  /** The calendar day the acquirer settled it, when the file says. */
  settlementDate: string | null;
  currency: CurrencyCode;
  /** Negative for a refund or a reversal. */
  grossMinor: number;
  feeMinor: number | null;
  vatMinor: number | null;
  netMinor: number | null;
  rrn: string | null;
  gatewayId: string | null;
  cardLast4: string | null;
  cardBrand: string | null;
  terminalId: string | null;
  authCode: string | null;
  batchRef: string | null;
  /** Every cell of the line by its header, exactly as the file wrote it. */
  raw: Record<string, string>;
}

export type LineProblem = "missing" | "amount" | "date" | "currency" | "card";

export interface LineError {
  line: number;
  /** The column's header as the file writes it. */
  column: string;
  value: string;
  problem: LineProblem;
}

/** Where each mapped field is in this file's header; the headers the layout names that the file lacks. */
export function resolveColumns(
  headers: readonly string[],
  layout: SettlementLayout,
): { ok: true; index: Partial<Record<SettlementField, number>> } | { ok: false; missing: string[] } {
  const trimmed = headers.map((h) => h.trim());
  const index: Partial<Record<SettlementField, number>> = {};
  const missing: string[] = [];
  // In the fields' own order, whatever order the saved layout's keys come back in (jsonb keeps its own).
  for (const field of SETTLEMENT_FIELDS) {
    const header = layout.columns[field];
    if (!header) continue;
    const i = trimmed.indexOf(header.trim());
    if (i < 0) missing.push(header);
    else index[field] = i;
  }
  return missing.length ? { ok: false, missing } : { ok: true, index };
}

/** Reads one line; `cells` are the line's values in the file's column order. */
export function readSettlementLine(
  line: number,
  headers: readonly string[],
  cells: readonly string[],
  index: Partial<Record<SettlementField, number>>,
  layout: SettlementLayout,
): { ok: true; value: SettlementLine } | { ok: false; errors: LineError[] } {
  const errors: LineError[] = [];
  const cell = (f: SettlementField) => (index[f] === undefined ? "" : (cells[index[f]] ?? "").trim());
  const fail = (f: SettlementField, problem: LineProblem) =>
    errors.push({ line, column: headers[index[f]!] ?? f, value: cell(f), problem });
  const text = (f: SettlementField) => cell(f) || null;

  const currencyText = index.currency === undefined ? layout.currency : cell("currency").toUpperCase();
  const currency = currencyText && isCurrencyCode(currencyText) ? currencyText : null;
  if (!currency) fail("currency", cell("currency") ? "currency" : "missing");

  const transactionAt = cell("transactionDate") ? readDateTime(cell("transactionDate"), layout.dateFormat, layout.timeZone) : null;
  if (!transactionAt) fail("transactionDate", cell("transactionDate") ? "date" : "missing");
  let settlementDate: string | null = null;
  if (cell("settlementDate")) {
    settlementDate = readCalendarDate(cell("settlementDate"), layout.dateFormat)?.date ?? null;
    if (!settlementDate) fail("settlementDate", "date");
  }

  const amount = (f: SettlementField, required: boolean): number | null => {
    if (!cell(f)) {
      if (required) fail(f, "missing");
      return null;
    }
    const minor = currency ? readAmount(cell(f), currency, layout.decimalSeparator) : null;
    if (minor === null && currency) fail(f, "amount");
    return minor;
  };
  const grossMinor = amount("gross", true);
  const feeMinor = amount("fee", false);
  const vatMinor = amount("vatOnFee", false);
  const netMinor = amount("net", false);

  let cardLast4: string | null = null;
  if (cell("maskedCard")) {
    cardLast4 = readCardLast4(cell("maskedCard"));
    if (!cardLast4) fail("maskedCard", "card");
  }
  if (errors.length || !currency || !transactionAt || grossMinor === null) return { ok: false, errors };

  const raw: Record<string, string> = {};
  headers.forEach((h, i) => (raw[h] = cells[i] ?? ""));
  return {
    ok: true,
    value: {
      line,
      transactionAt,
      settlementDate,
      currency,
      grossMinor,
      feeMinor,
      vatMinor,
      netMinor,
      // References compared as digits and letters only: "0012 3456" and "00123456" are one RRN.
      rrn: text("rrn") && latinDigits(cell("rrn")).replace(/[\s-]/g, ""),
      gatewayId: text("gatewayId"),
      cardLast4,
      cardBrand: text("cardBrand"),
      terminalId: text("terminalId"),
      authCode: text("authCode"),
      batchRef: text("batchRef"),
      raw,
    },
  };
}
