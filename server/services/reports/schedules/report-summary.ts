// The few lines of a scheduled report's e-mail body, from the report's totals rows (one per currency, never summed
// across currencies): for daily closing, gross (sales + captures), refunds and net of the period; for another
// report with amounts, each amount of its totals; for a report without totals, how many rows it has. Only totals:
// no card data, no payer, nothing per payment.
import "server-only";
import { formatMoney, isCurrencyCode } from "@/lib/money";
import { isMoneyCell, type MoneyCell, type ReportRow, type ReportTable } from "@/lib/reports/report-table";

const amount = (m: MoneyCell) =>
  (isCurrencyCode(m.currency) ? formatMoney({ minor: m.minor, currency: m.currency }) : `${m.currency} ${m.minor}`).replace(/\u00a0/g, " ");

const moneyAt = (row: ReportRow, key: string): MoneyCell | null => {
  const c = row[key];
  return c && isMoneyCell(c) ? c : null;
};

/** "Sales (amount)" → "Sales"; "Net (sales + captures − refunds)" → "Net". */
const shortLabel = (label: string) => label.replace(/\s*\(.*\)\s*$/, "");

export function reportSummary(table: ReportTable): string[] {
  const lines: string[] = [];
  for (const row of table.totals) {
    const [sales, captures, refunds, net] = ["salesMinor", "capturesMinor", "refundsMinor", "netMinor"].map((k) => moneyAt(row, k));
    if (sales && captures && refunds && net) {
      const gross = { minor: sales.minor + captures.minor, currency: sales.currency };
      lines.push(`${sales.currency}: gross ${amount(gross)} · refunds ${amount(refunds)} · net ${amount(net)}`);
      continue;
    }
    const parts = table.columns
      .filter((c) => c.kind === "money")
      .flatMap((c) => {
        const m = moneyAt(row, c.key);
        return m ? [{ label: shortLabel(c.label), m }] : [];
      });
    if (parts.length) lines.push(`${parts[0]!.m.currency}: ${parts.map((p) => `${p.label} ${amount(p.m)}`).join(" · ")}`);
  }
  if (lines.length === 0) lines.push(table.rows.length === 0 ? "No activity in this period." : `${table.rows.length} rows.`);
  return lines;
}
