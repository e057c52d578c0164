// The list's filter: a GET form (works without JavaScript), so the URL always holds the filter and can be shared
// or saved. With JavaScript it applies itself as the user types or picks (debounced, URL replaced: AutoApplyForm);
// on a phone it folds behind a "Filters" button (FilterSheet). Labelled controls; errors come from the same schema
// that the API uses. The amount bounds need a currency: disabled until one is chosen, and both fields say so.
import { CurrencyOptions } from "@/components/ui/currency-options";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { AutoApplyForm } from "@/components/list/auto-apply-form";
import { Disclosure } from "@/components/list/disclosure";
import { FilterSheet } from "@/components/list/filter-sheet";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { COLUMN_IDS, type ColumnId } from "@/lib/transactions/columns";
import { KIND_LABEL } from "@/lib/transactions/labels";
import { kindText, statusText } from "@/lib/i18n/vocab";
import { PAGE_SIZES } from "@/lib/transactions/list-query";
import { PAYMENT_STATUSES } from "@/lib/payment-status";

export interface FilterFormProps {
  /** The values as typed (first value of each parameter), shown back even when invalid. */
  values: Record<string, string | undefined>;
  /** Every status in the URL (a shared link may hold several). */
  statuses: string[];
  errors: Record<string, string | undefined>;
  columns: ColumnId[];
  zone: string;
  sort: string;
  dir: string;
  /** How many filters are set (the phone's "Filters" button shows it). */
  activeCount: number;
}

const MORE_FILTERS = ["orderId", "email", "last4", "branch", "amountMin", "amountMax"] as const;

export function FilterForm({ values, statuses, errors, columns, zone, sort, dir, activeCount }: FilterFormProps) {
  const t = useTranslations("transactions");
  const vocab = useTranslations("vocab");
  const v = (k: string) => values[k] ?? "";
  const statusValue = statuses.join(",");
  const kinds = Object.keys(KIND_LABEL);
  const type = v("type");
  const moreOpen = MORE_FILTERS.some((k) => v(k) !== "" || errors[k]);
  const currency = v("currency");
  const amountHint = currency ? t("filters.amountIn", { currency }) : t("filters.amountNeedsCurrency");
  return (
    <FilterSheet activeCount={activeCount} open={Object.values(errors).some(Boolean)}>
      <AutoApplyForm
        action="/transactions"
        role="search"
        aria-label={t("filters.formLabel")}
        className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
      >
        <input type="hidden" name="tz" value={zone} />
        {/* A figure's link from the Overview keeps its event and brand while other filters change. */}
        {v("activity") && <input type="hidden" name="activity" value={v("activity")} />}
        {v("brand") && <input type="hidden" name="brand" value={v("brand")} />}
        {sort !== "created" || dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={dir} />
          </>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <InputField
            wrapperClassName="sm:col-span-2"
            label={t("filters.search")}
            name="q"
            type="search"
            defaultValue={v("q")}
            hint={t("filters.searchHint")}
            error={errors.q}
          />
          <SelectField label={t("filters.status")} name="status" defaultValue={statusValue} error={errors.status}>
            <option value="">{t("filters.anyStatus")}</option>
            {statuses.length > 1 && <option value={statusValue}>{statuses.map((s) => statusText(vocab, s)).join(", ")}</option>}
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(vocab, s)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("filters.type")} name="type" defaultValue={type} error={errors.type}>
            <option value="">{t("filters.anyType")}</option>
            {type && !kinds.includes(type) && <option value={type}>{kindText(vocab, type)}</option>}
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindText(vocab, k)}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t("filters.from")}
            name="from"
            type="date"
            defaultValue={v("from")}
            error={errors.from}
            hint={t("filters.fromHint", { zone })}
          />
          <InputField label={t("filters.to")} name="to" type="date" defaultValue={v("to")} error={errors.to} />
          <SelectField
            label={t("filters.currency")}
            name="currency"
            defaultValue={currency}
            error={errors.currency}
            hint={errors.currency ? undefined : t("filters.currencyHint")}
          >
            <CurrencyOptions anyLabel={t("filters.anyCurrency")} />
          </SelectField>
          <SelectField label={t("filters.size")} name="size" defaultValue={v("size") || "50"} error={errors.size}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>

        <Disclosure initialOpen={moreOpen} className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 select-none">{t("filters.more")}</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <InputField label={t("filters.orderId")} name="orderId" defaultValue={v("orderId")} error={errors.orderId} autoComplete="off" />
            <InputField
              label={t("filters.email")}
              name="email"
              type="email"
              dir="ltr"
              defaultValue={v("email")}
              error={errors.email}
              autoComplete="off"
            />
            <InputField
              label={t("filters.last4")}
              name="last4"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              dir="ltr"
              defaultValue={v("last4")}
              error={errors.last4}
              autoComplete="off"
            />
            <InputField label={t("filters.branch")} name="branch" defaultValue={v("branch")} error={errors.branch} />
            <InputField
              label={t("filters.amountMin")}
              name="amountMin"
              inputMode="decimal"
              dir="ltr"
              pattern="[0-9]+([.][0-9]+)?"
              defaultValue={v("amountMin")}
              error={errors.amountMin}
              hint={amountHint}
              disabled={!currency && !v("amountMin")}
              data-requires="currency"
              autoComplete="off"
            />
            <InputField
              label={t("filters.amountMax")}
              name="amountMax"
              inputMode="decimal"
              dir="ltr"
              pattern="[0-9]+([.][0-9]+)?"
              defaultValue={v("amountMax")}
              error={errors.amountMax}
              hint={amountHint}
              disabled={!currency && !v("amountMax")}
              data-requires="currency"
              autoComplete="off"
            />
          </div>
        </Disclosure>

        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 select-none">{t("filters.columns")}</summary>
          <fieldset className="mt-3">
            <legend className="text-sm text-slate-600">{t("filters.columnsLegend")}</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {COLUMN_IDS.map((c) => (
                <CheckboxField
                  key={c}
                  name="cols"
                  value={c}
                  // "column" keeps these names distinct from the filter fields of the same name for screen readers.
                  label={
                    <>
                      {t(`columns.${c}`)}
                      <span className="sr-only">{t("filters.columnSuffix")}</span>
                    </>
                  }
                  defaultChecked={columns.includes(c)}
                />
              ))}
            </div>
          </fieldset>
        </details>

        <div className="flex flex-wrap items-center gap-2">
          {/* Filters apply as they change; the button applies at once (and is the form's submit without JavaScript). */}
          <Button type="submit" variant="secondary">
            {t("filters.apply")}
          </Button>
          <Link href={`/transactions?tz=${encodeURIComponent(zone)}`} className={buttonClasses({ variant: "ghost" })}>
            {t("clearFilters")}
          </Link>
        </div>
      </AutoApplyForm>
    </FilterSheet>
  );
}
