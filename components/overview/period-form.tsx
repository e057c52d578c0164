// The Overview's period picker: the presets as links (keeping the filters), and a GET form with the days (From/To:
// edited days make a custom range), the branch and the currency. Works without JavaScript; server component.
import { CurrencyOptions } from "@/components/ui/currency-options";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { InputField, SelectField } from "@/components/ui/field";
import { MAX_PERIOD_DAYS, PERIOD_PRESETS, type ResolvedPeriod } from "@/lib/reports/period";
import type { OverviewFilter } from "@/lib/reports/figures";
import { presetHref, type OverviewQuery } from "./overview-query";

export function PeriodForm({ query, period, branches }: { query: OverviewQuery; period: ResolvedPeriod | null; branches: string[] }) {
  const t = useTranslations("overview");
  const tr = useTranslations("reports");
  const { values, errors: codes } = query;
  const errors = {
    period: codes.period && t(`errors.${codes.period}`, { max: MAX_PERIOD_DAYS }),
    branch: codes.branch && t(`errors.${codes.branch}`, { max: MAX_PERIOD_DAYS }),
    currency: codes.currency && t(`errors.${codes.currency}`, { max: MAX_PERIOD_DAYS }),
  };
  // The valid filters, kept by the preset links (even while another field is in error).
  const filter: OverviewFilter = query.filter;
  const active = period?.preset ?? (errors.period ? "custom" : null);
  return (
    <div className="space-y-3 print:hidden">
      <nav aria-label={t("form.period")}>
        <ul className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.filter((p) => p !== "custom").map((p) => (
            <li key={p}>
              <Link
                href={presetHref(p, filter)}
                aria-current={active === p ? "page" : undefined}
                className={cx(
                  "inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium",
                  active === p
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700",
                )}
              >
                {tr(`periods.${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/overview" className="grid grid-cols-2 items-start gap-3 md:grid-cols-[repeat(4,minmax(0,11rem))_auto]">
        <input type="hidden" name="period" value={period && period.preset !== "custom" ? period.preset : "custom"} />
        <InputField
          type="date"
          name="from"
          label={t("form.from")}
          defaultValue={values.from || period?.firstDay || ""}
          error={errors.period}
        />
        <InputField type="date" name="to" label={t("form.to")} defaultValue={values.to || period?.lastDay || ""} />
        <InputField
          name="branch"
          label={t("form.branch")}
          list="overview-branches"
          defaultValue={values.branch}
          error={errors.branch}
          autoComplete="off"
          spellCheck={false}
        />
        <datalist id="overview-branches">
          {branches.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <SelectField name="currency" label={t("form.currency")} defaultValue={values.currency} error={errors.currency}>
          <CurrencyOptions anyLabel={t("form.allCurrencies")} />
        </SelectField>
        <div className="col-span-2 md:col-span-1 md:pt-6">
          <Button type="submit" variant="secondary">
            {t("form.show")}
          </Button>
        </div>
      </form>
    </div>
  );
}
