// The list's filter: a GET form (works without JavaScript), so the URL always holds the filter and can be shared
// or saved. With JavaScript it applies itself as the user types or picks (debounced, URL replaced: AutoApplyForm);
// on a phone it folds behind a "Filters" button (FilterSheet). Labelled controls; errors come from the same schema
// that the API uses. The amount bounds need a currency: disabled until one is chosen, and both fields say so.
import { CurrencyOptions } from "@/components/ui/currency-options";
import Link from "next/link";
import { AutoApplyForm } from "@/components/list/auto-apply-form";
import { Disclosure } from "@/components/list/disclosure";
import { FilterSheet } from "@/components/list/filter-sheet";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { COLUMN_IDS, OPTIONAL_COLUMNS, type ColumnId } from "@/lib/transactions/columns";
import { KIND_LABEL, kindLabel, STATUS_LABEL } from "@/lib/transactions/labels";
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
  const v = (k: string) => values[k] ?? "";
  const statusValue = statuses.join(",");
  const kinds = Object.keys(KIND_LABEL);
  const type = v("type");
  const moreOpen = MORE_FILTERS.some((k) => v(k) !== "" || errors[k]);
  const currency = v("currency");
  const amountHint = currency ? `In ${currency}.` : "Choose a currency first: amounts are in its units.";
  return (
    <FilterSheet activeCount={activeCount} open={Object.values(errors).some(Boolean)}>
      <AutoApplyForm
        action="/transactions"
        role="search"
        aria-label="Filter transactions"
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
            label="Search"
            name="q"
            type="search"
            defaultValue={v("q")}
            hint="Part of an order ID, gateway ID or e-mail; a payment ID; an amount (275.50); or a card’s last 4 digits."
            error={errors.q}
          />
          <SelectField label="Status" name="status" defaultValue={statusValue} error={errors.status}>
            <option value="">Any status</option>
            {statuses.length > 1 && (
              <option value={statusValue}>{statuses.map((s) => (STATUS_LABEL as Record<string, string>)[s] ?? s).join(", ")}</option>
            )}
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type" name="type" defaultValue={type} error={errors.type}>
            <option value="">Any type</option>
            {type && !kinds.includes(type) && <option value={type}>{kindLabel(type)}</option>}
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </SelectField>
          <InputField label="From" name="from" type="date" defaultValue={v("from")} error={errors.from} hint={`Days in ${zone}.`} />
          <InputField label="To" name="to" type="date" defaultValue={v("to")} error={errors.to} />
          <SelectField
            label="Currency"
            name="currency"
            defaultValue={currency}
            error={errors.currency}
            hint={errors.currency ? undefined : "Needed to filter by amount."}
          >
            <CurrencyOptions anyLabel="Any currency" />
          </SelectField>
          <SelectField label="Rows per page" name="size" defaultValue={v("size") || "50"} error={errors.size}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>

        <Disclosure initialOpen={moreOpen} className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 select-none">More filters</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <InputField label="Order ID" name="orderId" defaultValue={v("orderId")} error={errors.orderId} autoComplete="off" />
            <InputField
              label="Payer e-mail"
              name="email"
              type="email"
              dir="ltr"
              defaultValue={v("email")}
              error={errors.email}
              autoComplete="off"
            />
            <InputField
              label="Card last 4"
              name="last4"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              dir="ltr"
              defaultValue={v("last4")}
              error={errors.last4}
              autoComplete="off"
            />
            <InputField label="Branch" name="branch" defaultValue={v("branch")} error={errors.branch} />
            <InputField
              label="Smallest amount"
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
              label="Largest amount"
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
          <summary className="cursor-pointer text-sm font-medium text-brand-700 select-none">Columns</summary>
          <fieldset className="mt-3">
            <legend className="text-sm text-slate-600">Date, status and amount are always shown. Untick all for the default set.</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {COLUMN_IDS.map((c) => (
                <CheckboxField
                  key={c}
                  name="cols"
                  value={c}
                  // "column" keeps these names distinct from the filter fields of the same name for screen readers.
                  label={
                    <>
                      {OPTIONAL_COLUMNS[c]}
                      <span className="sr-only"> column</span>
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
            Apply filters
          </Button>
          <Link href={`/transactions?tz=${encodeURIComponent(zone)}`} className={buttonClasses({ variant: "ghost" })}>
            Clear filters
          </Link>
        </div>
      </AutoApplyForm>
    </FilterSheet>
  );
}
