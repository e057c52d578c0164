// The audit log's filter: a plain GET form (works without JavaScript), so the URL always holds the filter and can
// be shared. Labelled controls; errors come from the same schema that the API and the export use.
import { useTranslations } from "next-intl";
import { GetFilterForm } from "@/components/list/get-filter-form";
import { InputField, SelectField } from "@/components/ui/field";
import { AUDIT_PAGE_SIZES, DEFAULT_AUDIT_PAGE_SIZE } from "@/lib/schemas/admin-audit";

export interface AuditFilterFormProps {
  /** The values as typed (last value of each parameter), shown back even when invalid. */
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** The actions and target types present in the log. */
  actions: string[];
  targetTypes: string[];
  zone: string;
}

export function AuditFilterForm({ values, errors, actions, targetTypes, zone }: AuditFilterFormProps) {
  const t = useTranslations("audit.filter");
  const v = (k: string) => values[k] ?? "";
  const action = v("action");
  return (
    <GetFilterForm
      action="/admin/audit"
      label={t("form")}
      zone={zone}
      applyLabel={t("apply")}
      clearLabel={t("clear")}
      clearHref={`/admin/audit?tz=${encodeURIComponent(zone)}`}
      gridClassName="sm:grid-cols-2 lg:grid-cols-4"
    >
      <InputField
        label={t("actor")}
        name="actor"
        type="search"
        dir="ltr"
        defaultValue={v("actor")}
        error={errors.actor}
        hint={t("actorHint")}
        autoComplete="off"
      />
      <SelectField label={t("action")} name="action" defaultValue={action} error={errors.action}>
        <option value="">{t("anyAction")}</option>
        {action && !actions.includes(action) && <option value={action}>{action}</option>}
        {actions.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      <InputField
        label={t("actionPrefix")}
        name="actionPrefix"
        dir="ltr"
        defaultValue={v("actionPrefix")}
        error={errors.actionPrefix}
        // eslint-disable-next-line local/no-ui-literals -- an action prefix as typed (a code), the same in every language
        placeholder="refund."
        hint={t("actionPrefixHint")}
        autoComplete="off"
      />
      <SelectField label={t("size")} name="size" defaultValue={v("size") || String(DEFAULT_AUDIT_PAGE_SIZE)} error={errors.size}>
        {AUDIT_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <InputField
        label={t("targetType")}
        name="targetType"
        dir="ltr"
        list="audit-target-types"
        defaultValue={v("targetType")}
        error={errors.targetType}
        autoComplete="off"
      />
      <datalist id="audit-target-types">
        {targetTypes.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <InputField label={t("targetId")} name="targetId" dir="ltr" defaultValue={v("targetId")} error={errors.targetId} autoComplete="off" />
      <InputField label={t("from")} name="from" type="date" defaultValue={v("from")} error={errors.from} hint={t("fromHint", { zone })} />
      <InputField label={t("to")} name="to" type="date" defaultValue={v("to")} error={errors.to} />
    </GetFilterForm>
  );
}
