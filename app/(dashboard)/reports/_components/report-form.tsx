// The Reports page's choice: which report, which days (a preset or a custom range of days in the reporting zone),
// daily closing's breakdown and the branch and currency filters. A plain GET form (works without JavaScript), so
// the URL holds the report and can be shared; errors come from the schema the downloads use too.
import { CurrencyOptions } from "@/components/ui/currency-options";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { InputField, SelectField } from "@/components/ui/field";
import { PERIOD_PRESETS } from "@/lib/reports/period";
import { CLOSING_BREAKDOWNS, REPORT_IDS, REPORT_KEY } from "@/lib/reports/report-table";

export interface ReportFormProps {
  /** The values as typed (last value of each parameter), shown back even when invalid. */
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
}

export function ReportForm({ values, errors }: ReportFormProps) {
  const t = useTranslations("reports");
  const v = (k: string) => values[k] ?? "";
  const custom = v("period") === "custom" || (!v("period") && (v("from") !== "" || v("to") !== ""));
  return (
    <form
      method="get"
      action="/reports"
      aria-label={t("form.label")}
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SelectField label={t("form.report")} name="report" defaultValue={v("report") || "daily-closing"} error={errors.report}>
          {REPORT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`names.${REPORT_KEY[id]}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("form.period")} name="period" defaultValue={custom ? "custom" : v("period") || "30d"} error={errors.period}>
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`periods.${p}`)}
            </option>
          ))}
        </SelectField>
        <InputField label={t("form.from")} name="from" type="date" defaultValue={v("from")} error={errors.from} hint={t("form.fromHint")} />
        <InputField label={t("form.to")} name="to" type="date" defaultValue={v("to")} error={errors.to} hint={t("form.toHint")} />
        <SelectField
          label={t("form.breakdown")}
          name="breakdown"
          defaultValue={v("breakdown") || "none"}
          error={errors.breakdown}
          hint={t("form.breakdownHint")}
        >
          {CLOSING_BREAKDOWNS.map((b) => (
            <option key={b} value={b}>
              {t(`form.breakdowns.${b}`)}
            </option>
          ))}
        </SelectField>
        <InputField
          label={t("form.branch")}
          name="branch"
          defaultValue={v("branch")}
          error={errors.branch}
          autoComplete="off"
          hint={t("form.branchHint")}
        />
        <SelectField label={t("form.currency")} name="currency" defaultValue={v("currency")} error={errors.currency}>
          <CurrencyOptions anyLabel={t("form.allCurrencies")} />
        </SelectField>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">{t("form.show")}</Button>
        <Link href="/reports" className={buttonClasses({ variant: "ghost" })}>
          {t("form.reset")}
        </Link>
      </div>
    </form>
  );
}
