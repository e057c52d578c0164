// A report in the reader's language: its title, column headers and the words the reports write into cells (the
// totals' row names, age bands, refund states and methods, "Not known"), from the `reports` catalog; the header
// block of its files from the `exports` catalog; refund states from `vocab`. Data (order ids, e-mails, notes, amounts) is never touched. The
// reports themselves build English tables (the benchmark and the tests read them); every page, download and
// scheduled mail passes them through here, so the three agree in any language. English comes out identical.
import "server-only";
import type { UiPrefs } from "@/lib/i18n/languages";
import { directionOf } from "@/lib/i18n/languages";
import { REPORT_KEY, type ReportCell, type ReportColumn, type ReportRow, type ReportTable } from "@/lib/reports/report-table";
import { ACTION_STATE } from "@/lib/schemas/payment-actions-values";
import { actionStateText, type VocabTranslator } from "@/lib/i18n/vocab";
import { translatorFor } from "../../i18n/translator";
import { AGE_BANDS } from "./auth-ageing-report";
import type { ReportFileWords } from "./files/report-csv";

type Prefs = Pick<UiPrefs, "language" | "digits">;
type ReportsT = ReturnType<typeof translatorFor<"reports">>;

const BAND_KEY = { "0-1": "under1", "1-3": "from1to3", "3-7": "from3to7", "7+": "over7" } as const;
/** The English words a report writes into a column's cells, and what they become. */
function cellWords(table: ReportTable, t: ReportsT, vocab: VocabTranslator): Record<string, Record<string, string>> {
  switch (table.report) {
    case "daily-closing":
      return {
        day: { Total: t("values.total") },
        branch: { "No branch": t("values.noBranch") },
        brand: { "Not known": t("values.notKnown") },
      };
    case "refunds": {
      // The states' words are the payment vocabulary's (vocab.actionState), as everywhere else.
      const states: Record<string, string> = {};
      for (const [code, { label }] of Object.entries(ACTION_STATE)) states[label] = actionStateText(vocab, code);
      return {
        state: states,
        method: { Full: t("values.full"), Partial: t("values.partial") },
        countedBy: { Completion: t("values.completion"), Request: t("values.request") },
      };
    }
    case "auth-ageing": {
      const bands: Record<string, string> = { "All ages": t("values.bands.all") };
      for (const b of AGE_BANDS) bands[b.label] = t(`values.bands.${BAND_KEY[b.id]}`);
      return { band: bands };
    }
  }
}

function columnLabel(table: ReportTable, column: ReportColumn, t: ReportsT): ReportColumn {
  const report = REPORT_KEY[table.report];
  // A key the catalog does not name keeps its label (a report added without its words is still readable).
  const known = (key: string) => t.has(`columns.${report}.${key}` as never);
  if (column.pair) {
    const groupLabel = known(column.pair.group) ? t(`columns.${report}.${column.pair.group}` as never) : column.pair.groupLabel;
    return { ...column, label: t("columns.pair", { label: groupLabel, part: column.pair.part }), pair: { ...column.pair, groupLabel } };
  }
  return known(column.key) ? { ...column, label: t(`columns.${report}.${column.key}` as never) } : column;
}

/** The report's table in the reader's language. */
export function localizeReport(table: ReportTable, prefs: Prefs): ReportTable {
  const t = translatorFor(prefs, "reports");
  const words = cellWords(table, t, translatorFor(prefs, "vocab"));
  const totalRefunded = /^Total refunded \((\d+) succeeded\)$/;
  const cell = (key: string, value: ReportCell | undefined): ReportCell | undefined => {
    if (typeof value !== "string") return value;
    const mapped = words[key]?.[value];
    if (mapped !== undefined) return mapped;
    const m = table.report === "refunds" && key === "orderId" ? totalRefunded.exec(value) : null;
    return m ? t("values.totalRefunded", { count: Number(m[1]) }) : value;
  };
  const row = (r: ReportRow, isTotal: boolean): ReportRow =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, isTotal || k !== "orderId" ? cell(k, v) : v] as const)) as ReportRow;
  return {
    ...table,
    title: t(`names.${REPORT_KEY[table.report]}`),
    columns: table.columns.map((c) => columnLabel(table, c, t)),
    rows: table.rows.map((r) => row(r, false)),
    totals: table.totals.map((r) => row(r, true)),
  };
}

/** The words of a report file's header block, in the reader's language. */
export function reportFileWords(prefs: Prefs): ReportFileWords {
  const t = translatorFor(prefs, "exports");
  return {
    report: t("report.report"),
    period: t("report.period"),
    range: (first, last) => t("report.range", { first, last }),
    asOf: (time) => t("report.asOf", { time }),
    timeZone: t("report.timeZone"),
    generated: t("report.generated"),
    direction: directionOf(prefs.language),
  };
}
