// An acquirer's settlement file layout: which column holds what, how dates and amounts are written, and in which
// time zone. Finance map a new acquirer's columns once, from a suggestion made from the file's header (English or
// Arabic headers, any case, any spacing, any Arabic spelling), and save the layout under a name for the next file.
// Pure and browser-safe: the mapping screen and the import use the same rules.
import { z } from "../schemas/zod";
import { vmsg } from "../schemas/messages";
import { CURRENCY_CODES, type CurrencyCode } from "../money";
import { foldForSearch } from "../search/fold";
import { isValidTimeZone } from "../transactions/zoned-time";
import { DATE_FORMATS } from "./settlement-values";

/** What a settlement line can say. */
export const SETTLEMENT_FIELDS = [
  "transactionDate",
  "settlementDate",
  "terminalId",
  "maskedCard",
  "authCode",
  "rrn",
  "gatewayId",
  "cardBrand",
  "currency",
  "gross",
  "fee",
  "vatOnFee",
  "net",
  "batchRef",
] as const;
export type SettlementField = (typeof SETTLEMENT_FIELDS)[number];

/** Without these a line can be neither matched nor checked. */
export const REQUIRED_FIELDS: readonly SettlementField[] = ["transactionDate", "gross"];
/** A line is matched by one of these (RRN first, then the gateway's id, then amount + card + time as a suggestion). */
export const MATCH_KEYS: readonly SettlementField[] = ["rrn", "gatewayId", "maskedCard"];

/**
 * Header words per field, as acquirers in the Gulf write them (English and Arabic), compared folded: lower case,
 * Arabic spelling variants folded (lib/search/fold.ts), spaces, punctuation and the Arabic definite article
 * dropped. The first field whose words match a header wins; a column is used once.
 */
const SYNONYMS: Record<SettlementField, string[]> = {
  transactionDate: [
    "transaction date",
    "txn date",
    "trx date",
    "trans date",
    "transaction date time",
    "date",
    "تاريخ العملية",
    "تاريخ المعاملة",
    "تاريخ الحركة",
  ],
  settlementDate: ["settlement date", "settled on", "value date", "posting date", "تاريخ التسوية", "تاريخ الاستحقاق"],
  terminalId: ["terminal", "terminal id", "tid", "رقم الجهاز", "رقم الطرفية", "الجهاز"],
  maskedCard: ["card", "card no", "card number", "masked card", "masked pan", "pan", "رقم البطاقة", "البطاقة"],
  authCode: ["auth code", "authorization code", "approval code", "رمز الموافقة", "رمز التفويض"],
  rrn: ["rrn", "retrieval reference number", "retrieval reference", "reference number", "رقم المرجع", "المرجع"],
  gatewayId: ["gateway id", "transaction id", "payment id", "trans id", "رقم المعاملة", "معرف المعاملة"],
  cardBrand: ["scheme", "card scheme", "card type", "brand", "network", "نوع البطاقة", "الشبكة"],
  currency: ["currency", "ccy", "العملة"],
  gross: ["gross", "gross amount", "amount", "transaction amount", "المبلغ الإجمالي", "المبلغ", "مبلغ العملية"],
  fee: ["fee", "fees", "mdr", "commission", "merchant fee", "msc", "العمولة", "الرسوم", "رسوم الخدمة"],
  vatOnFee: ["vat", "vat on fee", "vat amount", "tax", "ضريبة القيمة المضافة", "الضريبة", "ضريبة العمولة"],
  net: ["net", "net amount", "net settlement", "settlement amount", "المبلغ الصافي", "الصافي", "صافي المبلغ"],
  batchRef: [
    "batch",
    "batch no",
    "batch id",
    "batch number",
    "batch ref",
    "deposit reference",
    "payout reference",
    "رقم الدفعة",
    "مرجع الإيداع",
    "رقم الإيداع",
  ],
};

/** A header as compared: folded, the definite article "ال" dropped from each word, nothing but letters and digits. */
export function headerKey(header: string): string {
  return foldForSearch(header.normalize("NFKC"))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.startsWith("ال") && w.length > 3 ? w.slice(2) : w))
    .join("");
}

const SYNONYM_KEYS: Array<[SettlementField, Set<string>]> = SETTLEMENT_FIELDS.map((f) => [f, new Set(SYNONYMS[f].map(headerKey))]);

/** The column each field is in, guessed from the header: exact synonyms first, so "Net amount" is net, not gross. */
export function suggestColumns(headers: readonly string[]): Partial<Record<SettlementField, string>> {
  const out: Partial<Record<SettlementField, string>> = {};
  for (const h of headers) {
    const key = headerKey(h);
    const field = key ? SYNONYM_KEYS.find(([f, keys]) => !(f in out) && keys.has(key))?.[0] : undefined;
    if (field) out[field] = h;
  }
  return out;
}

export const settlementLayoutSchema = z
  .object({
    name: z.string().trim().min(1, vmsg("settlement.layoutName")).max(80, vmsg("settlement.layoutName")),
    /** Field → the header of its column, exactly as in the file. */
    columns: z.partialRecord(z.enum(SETTLEMENT_FIELDS), z.string().min(1).max(200)),
    dateFormat: z.enum(DATE_FORMATS),
    timeZone: z.string().refine(isValidTimeZone, vmsg("settlement.timeZone")),
    decimalSeparator: z.enum([".", ","]),
    /** The currency of every line when the file has no currency column. */
    currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]).nullable(),
  })
  .superRefine((v, ctx) => {
    for (const f of REQUIRED_FIELDS)
      if (!v.columns[f]) ctx.addIssue({ code: "custom", path: ["columns", f], message: vmsg("settlement.columnRequired") });
    if (!MATCH_KEYS.some((f) => v.columns[f]))
      ctx.addIssue({ code: "custom", path: ["columns", "rrn"], message: vmsg("settlement.matchKey") });
    if (!v.columns.currency && !v.currency)
      ctx.addIssue({ code: "custom", path: ["currency"], message: vmsg("settlement.currencyRequired") });
    const headers = Object.values(v.columns);
    if (new Set(headers).size !== headers.length)
      ctx.addIssue({ code: "custom", path: ["columns"], message: vmsg("settlement.columnTwice") });
  });
export type SettlementLayout = z.infer<typeof settlementLayoutSchema>;
