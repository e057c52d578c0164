// Rules guarded: a new acquirer's columns are suggested from the file's header in English or Arabic, whatever the case,
// spacing, punctuation, definite article or Arabic spelling ("Net amount" is the net, never the gross); a layout
// cannot be saved without a date and a gross column, a column to match by (RRN, gateway id or card) and a currency,
// nor with one column chosen for two things; every refusal is a validation key that both catalogs hold.
import { describe, expect, it } from "vitest";
import { headerKey, settlementLayoutSchema, suggestColumns, type SettlementLayout } from "./settlement-layout";

describe("suggestColumns", () => {
  it("maps an English acquirer's header", () => {
    const headers = [
      "Txn Date",
      "Settlement Date",
      "TID",
      "Masked PAN",
      "Auth Code",
      "RRN",
      "Scheme",
      "Gross Amount",
      "MDR",
      "VAT",
      "Net Amount",
      "Batch No.",
    ];
    expect(suggestColumns(headers)).toEqual({
      transactionDate: "Txn Date",
      settlementDate: "Settlement Date",
      terminalId: "TID",
      maskedCard: "Masked PAN",
      authCode: "Auth Code",
      rrn: "RRN",
      cardBrand: "Scheme",
      gross: "Gross Amount",
      fee: "MDR",
      vatOnFee: "VAT",
      net: "Net Amount",
      batchRef: "Batch No.",
    });
  });

  it("maps an Arabic header, whatever the spelling of hamza and the article", () => {
    const headers = [
      "تاريخ العملية",
      "رقم المرجع",
      "رقم البطاقة",
      "المبلغ الاجمالي",
      "العمولة",
      "ضريبة القيمة المضافة",
      "المبلغ الصافي",
      "تاريخ التسوية",
      "العملة",
    ];
    expect(suggestColumns(headers)).toEqual({
      transactionDate: "تاريخ العملية",
      rrn: "رقم المرجع",
      maskedCard: "رقم البطاقة",
      gross: "المبلغ الاجمالي",
      fee: "العمولة",
      vatOnFee: "ضريبة القيمة المضافة",
      net: "المبلغ الصافي",
      settlementDate: "تاريخ التسوية",
      currency: "العملة",
    });
  });

  it("leaves a column it does not know unmapped, and uses each field once", () => {
    expect(suggestColumns(["Merchant Name", "Amount", "Amount"])).toEqual({ gross: "Amount" });
  });

  it("compares headers folded", () => {
    expect(headerKey("  Net_Amount ")).toBe(headerKey("net amount"));
    expect(headerKey("الإجمالي")).toBe(headerKey("اجمالي"));
  });
});

describe("settlementLayoutSchema", () => {
  const layout: SettlementLayout = {
    name: "Al Rajhi acquiring",
    columns: { transactionDate: "Txn Date", gross: "Gross", rrn: "RRN" },
    dateFormat: "DD/MM/YYYY",
    timeZone: "Asia/Riyadh",
    decimalSeparator: ".",
    currency: "SAR",
  };

  it("accepts a layout with a date, a gross, a match key and a currency", () => {
    expect(settlementLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it.each([
    ["no gross column", { ...layout, columns: { transactionDate: "Txn Date", rrn: "RRN" } }, "columns.gross"],
    ["nothing to match by", { ...layout, columns: { transactionDate: "Txn Date", gross: "Gross" } }, "columns.rrn"],
    ["no currency", { ...layout, currency: null }, "currency"],
    ["a column twice", { ...layout, columns: { ...layout.columns, net: "Gross" } }, "columns"],
    ["an unknown zone", { ...layout, timeZone: "Mars/Olympus" }, "timeZone"],
  ])("refuses a layout with %s, on that field, with a catalog key", (_name, value, path) => {
    const r = settlementLayoutSchema.safeParse(value);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join(".") === path);
    expect(issue?.message).toMatch(/^settlement\./);
  });
});
