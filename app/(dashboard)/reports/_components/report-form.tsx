// The Reports page's choice: which report, which days (a preset or a custom range of days in the reporting zone),
// daily closing's breakdown and the branch and currency filters. A plain GET form (works without JavaScript), so
// the URL holds the report and can be shared; errors come from the schema the downloads use too.
import { CurrencyOptions } from "@/components/ui/currency-options";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { InputField, SelectField } from "@/components/ui/field";
import { PERIOD_LABEL, PERIOD_PRESETS } from "@/lib/reports/period";
import { CLOSING_BREAKDOWNS, REPORT_IDS, REPORT_TITLE } from "@/lib/reports/report-table";

const BREAKDOWN_LABEL: Record<(typeof CLOSING_BREAKDOWNS)[number], string> = {
  none: "None",
  branch: "By branch",
  brand: "By card brand",
};

export interface ReportFormProps {
  /** The values as typed (last value of each parameter), shown back even when invalid. */
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
}

export function ReportForm({ values, errors }: ReportFormProps) {
  const v = (k: string) => values[k] ?? "";
  const custom = v("period") === "custom" || (!v("period") && (v("from") !== "" || v("to") !== ""));
  return (
    <form
      method="get"
      action="/reports"
      aria-label="Choose a report"
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SelectField label="Report" name="report" defaultValue={v("report") || "daily-closing"} error={errors.report}>
          {REPORT_IDS.map((id) => (
            <option key={id} value={id}>
              {REPORT_TITLE[id]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" name="period" defaultValue={custom ? "custom" : v("period") || "30d"} error={errors.period}>
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABEL[p]}
            </option>
          ))}
        </SelectField>
        <InputField label="From" name="from" type="date" defaultValue={v("from")} error={errors.from} hint="Custom range only." />
        <InputField label="To" name="to" type="date" defaultValue={v("to")} error={errors.to} hint="Inclusive." />
        <SelectField
          label="Breakdown"
          name="breakdown"
          defaultValue={v("breakdown") || "none"}
          error={errors.breakdown}
          hint="Daily closing only."
        >
          {CLOSING_BREAKDOWNS.map((b) => (
            <option key={b} value={b}>
              {BREAKDOWN_LABEL[b]}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Branch"
          name="branch"
          defaultValue={v("branch")}
          error={errors.branch}
          autoComplete="off"
          hint="A branch ID, or empty."
        />
        <SelectField label="Currency" name="currency" defaultValue={v("currency")} error={errors.currency}>
          <CurrencyOptions anyLabel="All currencies" />
        </SelectField>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">Show report</Button>
        <Link href="/reports" className={buttonClasses({ variant: "ghost" })}>
          Reset
        </Link>
      </div>
    </form>
  );
}
