// The sandbox plays the acquirer: a daily settlement report of its captured and refunded payments, as merchants in
// the Gulf receive one (one line per transaction: date, terminal, masked card, approval code, RRN, scheme, currency,
// gross, the acquirer's fee (MDR), VAT on the fee, net, settlement date, batch), in two layouts (English headers and
// DD/MM/YYYY dates; Arabic headers and YYYY-MM-DD), as CSV or XLSX. Fees follow configurable rates per scheme and
// VAT; faults can be injected for tests and trials: a missing line, a wrong fee, an RRN the gateway never issued,
// a duplicated line. GET /__sandbox/settlement-file?date=YYYY-MM-DD[&format=csv|xlsx][&layout=en|ar][&faults=…]
// [&fees=VISA:1.75,MASTERCARD:1.75,UNKNOWN:2.5][&vat=15][&tz=Asia/Riyadh].
import ExcelJS from "exceljs";
import type { Payment } from "./types";

export const SETTLEMENT_FAULTS = ["missing_line", "wrong_fee", "unknown_rrn", "duplicate"] as const;
export type SettlementFault = (typeof SETTLEMENT_FAULTS)[number];

export interface SettlementFileOptions {
  /** The business day (in `timeZone`) whose captures and refunds the file lists. */
  date: string;
  layout: "en" | "ar";
  timeZone: string;
  /** Percent of the gross per scheme (the MDR). */
  feePercent: Record<string, number>;
  /** VAT on the fee, percent (15 in Saudi Arabia). */
  vatPercent: number;
  faults: SettlementFault[];
}

export const DEFAULT_FEES: Record<string, number> = { VISA: 1.75, MASTERCARD: 1.75, UNKNOWN: 2.5 };

const HEADERS = {
  en: [
    "Transaction Date",
    "Terminal ID",
    "Card Number",
    "Auth Code",
    "RRN",
    "Scheme",
    "Currency",
    "Gross Amount",
    "MDR",
    "VAT",
    "Net Amount",
    "Settlement Date",
    "Batch No.",
  ],
  ar: [
    "تاريخ العملية",
    "رقم الجهاز",
    "رقم البطاقة",
    "رمز الموافقة",
    "رقم المرجع",
    "الشبكة",
    "العملة",
    "المبلغ الإجمالي",
    "العمولة",
    "ضريبة القيمة المضافة",
    "المبلغ الصافي",
    "تاريخ التسوية",
    "رقم الدفعة",
  ],
} as const;

const TERMINAL = "SBX00001";
const DIGITS: Record<string, number> = { KWD: 3, BHD: 3, OMR: 3, JOD: 3, JPY: 0 };

interface Line {
  at: number;
  card: string;
  authCode: string;
  rrn: string;
  scheme: string;
  currency: string;
  grossMinor: number;
  feeMinor: number;
  vatMinor: number;
}

/** The wall-clock parts of an instant in a zone. */
function wall(ms: number, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Half away from zero, in minor units. */
const percentOf = (minor: number, percent: number) => Math.sign(minor) * Math.round((Math.abs(minor) * percent) / 100);

function linesOf(payments: readonly Payment[], o: SettlementFileOptions): Line[] {
  const lines: Line[] = [];
  const lineFor = (p: Payment, at: number, grossMinor: number): Line => {
    // The acquirer keeps its fee on a refund (as Gulf acquirers commonly do): a refund line has none.
    const feeMinor = grossMinor < 0 ? 0 : percentOf(grossMinor, o.feePercent[p.card.brand] ?? o.feePercent.UNKNOWN ?? 0);
    return {
      at,
      card: `${p.card.bin6}${"*".repeat(Math.max(0, p.card.length - 10))}${p.card.last4}`,
      authCode: p.approvalCode ?? "",
      rrn: p.rrn ?? "",
      scheme: p.card.brand,
      currency: p.currency,
      grossMinor,
      feeMinor,
      vatMinor: percentOf(feeMinor, o.vatPercent),
    };
  };
  for (const p of payments) {
    const capturedAt = p.capturedAt ?? (p.capturedMinor > 0 ? p.finishedAt : null);
    if (p.capturedMinor > 0 && capturedAt !== null && wall(capturedAt, o.timeZone).date === o.date)
      lines.push(lineFor(p, capturedAt, p.capturedMinor));
    for (const r of p.refunds) if (wall(r.createdAt, o.timeZone).date === o.date) lines.push(lineFor(p, r.createdAt, -r.amountMinor));
  }
  lines.sort((a, b) => a.at - b.at);
  return applyFaults(lines, o.faults);
}

function applyFaults(lines: Line[], faults: readonly SettlementFault[]): Line[] {
  const out = [...lines];
  const firstSale = () => out.findIndex((l) => l.grossMinor > 0);
  for (const fault of faults) {
    const i = firstSale();
    if (fault === "unknown_rrn") {
      const model = out[0];
      out.push({
        at: model?.at ?? Date.now(),
        card: "411111******1111",
        authCode: "000000",
        rrn: "999999999999",
        scheme: "VISA",
        currency: model?.currency ?? "SAR",
        grossMinor: 12_345,
        feeMinor: 216,
        vatMinor: 32,
      });
    } else if (i >= 0 && fault === "missing_line") out.splice(i, 1);
    else if (i >= 0 && fault === "wrong_fee") out[i] = { ...out[i]!, feeMinor: out[i]!.feeMinor + 100 };
    else if (i >= 0 && fault === "duplicate") out.splice(i + 1, 0, { ...out[i]! });
  }
  return out;
}

function decimal(minor: number, currency: string): string {
  const digits = DIGITS[currency] ?? 2;
  const abs = Math.abs(minor);
  const text = digits ? `${Math.floor(abs / 10 ** digits)}.${String(abs % 10 ** digits).padStart(digits, "0")}` : String(abs);
  return minor < 0 ? `-${text}` : text;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The file's rows, header first, as text. */
export function settlementRows(payments: readonly Payment[], o: SettlementFileOptions): string[][] {
  const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  const day = (date: string) => (o.layout === "en" ? dmy(date) : date);
  const settled = nextDay(o.date);
  return [
    [...HEADERS[o.layout]],
    ...linesOf(payments, o).map((l) => {
      const w = wall(l.at, o.timeZone);
      return [
        `${day(w.date)} ${w.time}`,
        TERMINAL,
        l.card,
        l.authCode,
        l.rrn,
        l.scheme,
        l.currency,
        decimal(l.grossMinor, l.currency),
        decimal(l.feeMinor, l.currency),
        decimal(l.vatMinor, l.currency),
        decimal(l.grossMinor - l.feeMinor - l.vatMinor, l.currency),
        day(settled),
        `B${o.date.replace(/-/g, "")}-${l.currency}`,
      ];
    }),
  ];
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function settlementCsv(rows: string[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export async function settlementXlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Settlement");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
