// The refund history's filter: a plain GET form (works without JavaScript), so the URL always holds the filter and
// can be shared. Labelled controls; errors come from the same schema the export uses.
import { useTranslations } from "next-intl";
import { GetFilterForm } from "@/components/list/get-filter-form";
import { InputField, SelectField } from "@/components/ui/field";
import { actionStateText, type VocabTranslator } from "@/lib/i18n/vocab";
import { CURRENCY_CODES } from "@/lib/money";
import { DEFAULT_REFUND_PAGE_SIZE, REFUND_HISTORY_STATES, REFUND_PAGE_SIZES } from "@/lib/schemas/refund-list";

export interface RefundFilterFormProps {
  /** The values as typed (last value of each parameter), shown back even when invalid. */
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  requesters: Array<{ id: string; name: string; email: string }>;
  zone: string;
  vocab: VocabTranslator;
}

export function RefundFilterForm({ values, errors, requesters, zone, vocab }: RefundFilterFormProps) {
  const t = useTranslations("refunds.filter");
  const v = (k: string) => values[k] ?? "";
  return (
    <GetFilterForm
      action="/refunds"
      label={t("form")}
      zone={zone}
      applyLabel={t("apply")}
      clearLabel={t("clear")}
      clearHref="/refunds"
      gridClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
    >
      <InputField
        label={t("search")}
        name="q"
        type="search"
        defaultValue={v("q")}
        error={errors.q}
        hint={t("searchHint")}
        autoComplete="off"
      />
      <SelectField label={t("state")} name="state" defaultValue={v("state")} error={errors.state}>
        <option value="">{t("anyState")}</option>
        {REFUND_HISTORY_STATES.map((s) => (
          <option key={s} value={s}>
            {actionStateText(vocab, s)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("requester")} name="requester" defaultValue={v("requester")} error={errors.requester}>
        <option value="">{t("anyone")}</option>
        {requesters.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.email})
          </option>
        ))}
      </SelectField>
      <SelectField label={t("currency")} name="currency" defaultValue={v("currency")} error={errors.currency}>
        <option value="">{t("anyCurrency")}</option>
        {CURRENCY_CODES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("size")} name="size" defaultValue={v("size") || String(DEFAULT_REFUND_PAGE_SIZE)} error={errors.size}>
        {REFUND_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <InputField
        label={t("amountMin")}
        name="amountMin"
        inputMode="decimal"
        dir="ltr"
        defaultValue={v("amountMin")}
        error={errors.amountMin}
        hint={t("amountHint")}
        autoComplete="off"
      />
      <InputField
        label={t("amountMax")}
        name="amountMax"
        inputMode="decimal"
        dir="ltr"
        defaultValue={v("amountMax")}
        error={errors.amountMax}
        autoComplete="off"
      />
      <InputField label={t("from")} name="from" type="date" defaultValue={v("from")} error={errors.from} hint={t("fromHint", { zone })} />
      <InputField label={t("to")} name="to" type="date" defaultValue={v("to")} error={errors.to} />
    </GetFilterForm>
  );
}
