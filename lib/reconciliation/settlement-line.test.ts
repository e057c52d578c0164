// Rules guarded: a settlement line is read through its layout into typed values (the instant in the file's zone,
// minor units, a refund negative, the RRN compared without spaces) with every cell kept as the file wrote it; a bad
// line names its line number, its column's header and the value, with every problem of the line at once; a layout
// whose columns the file lacks is refused by naming them.
import { describe, expect, it } from "vitest";
import { readSettlementLine, resolveColumns } from "./settlement-line";
import type { SettlementLayout } from "./settlement-layout";

const layout: SettlementLayout = {
  name: "Test acquirer",
  columns: {
    transactionDate: "Date",
    rrn: "RRN",
    maskedCard: "Card",
    gross: "Gross",
    fee: "Fee",
    vatOnFee: "VAT",
    net: "Net",
    settlementDate: "Settled",
  },
  dateFormat: "DD/MM/YYYY",
  timeZone: "Asia/Riyadh",
  decimalSeparator: ".",
  currency: "SAR",
};
const headers = ["Date", "RRN", "Card", "Gross", "Fee", "VAT", "Net", "Settled", "Terminal"];

function read(cells: string[], line = 2) {
  const cols = resolveColumns(headers, layout);
  if (!cols.ok) throw new Error("columns");
  return readSettlementLine(line, headers, cells, cols.index, layout);
}

describe("readSettlementLine", () => {
  it("reads a sale line", () => {
    const r = read(["07/12/2026 01:30", "6123 4567 8901", "411111******1111", "1,000.00", "17.50", "2.63", "979.87", "08/12/2026", "T-77"]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      line: 2,
      currency: "SAR",
      grossMinor: 100_000,
      feeMinor: 1_750,
      vatMinor: 263,
      netMinor: 97_987,
      rrn: "612345678901",
      cardLast4: "1111",
      settlementDate: "2026-12-08",
      gatewayId: null,
    });
    expect(r.value.transactionAt.toISOString()).toBe("2026-12-06T22:30:00.000Z");
    expect(r.value.raw).toEqual({
      Date: "07/12/2026 01:30",
      RRN: "6123 4567 8901",
      Card: "411111******1111",
      Gross: "1,000.00",
      Fee: "17.50",
      VAT: "2.63",
      Net: "979.87",
      Settled: "08/12/2026",
      Terminal: "T-77",
    });
  });

  it("reads a refund line as negative", () => {
    const r = read(["07/12/2026", "612345678902", "****1111", "(250.00)", "", "", "(250.00)", ""]);
    expect(r.ok && r.value.grossMinor).toBe(-25_000);
    expect(r.ok && r.value.feeMinor).toBeNull();
  });

  it("names the line, the column and the value of every problem at once", () => {
    const r = read(["31/02/2026", "1", "4111111111111111", "12.345", "=D2*0.0175", "", "", "soon"], 17);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 17, column: "Date", value: "31/02/2026", problem: "date" },
      { line: 17, column: "Settled", value: "soon", problem: "date" },
      { line: 17, column: "Gross", value: "12.345", problem: "amount" },
      { line: 17, column: "Fee", value: "=D2*0.0175", problem: "amount" },
      { line: 17, column: "Card", value: "4111111111111111", problem: "card" },
    ]);
  });

  it("says a required value is missing", () => {
    const r = read(["", "1", "", "", "", "", "", ""]);
    expect(r.ok ? [] : r.errors.map((e) => [e.column, e.problem])).toEqual([
      ["Date", "missing"],
      ["Gross", "missing"],
    ]);
  });

  it("reads each line's currency from its column when the layout has one", () => {
    const withCurrency: SettlementLayout = { ...layout, currency: null, columns: { ...layout.columns, currency: "Ccy" } };
    const h = [...headers, "Ccy"];
    const cols = resolveColumns(h, withCurrency);
    expect(cols.ok).toBe(true);
    if (!cols.ok) return;
    const kwd = readSettlementLine(2, h, ["07/12/2026", "9", "", "1.250", "", "", "", "", "", "kwd"], cols.index, withCurrency);
    expect(kwd.ok && [kwd.value.currency, kwd.value.grossMinor]).toEqual(["KWD", 1_250]);
    const bad = readSettlementLine(3, h, ["07/12/2026", "9", "", "1.250", "", "", "", "", "", "XYZ"], cols.index, withCurrency);
    expect(bad.ok ? [] : bad.errors).toEqual([{ line: 3, column: "Ccy", value: "XYZ", problem: "currency" }]);
  });
});

describe("resolveColumns", () => {
  it("names the layout's headers that the file lacks", () => {
    expect(resolveColumns(["Date", "Gross"], layout)).toEqual({ ok: false, missing: ["Settled", "Card", "RRN", "Fee", "VAT", "Net"] });
  });
});
