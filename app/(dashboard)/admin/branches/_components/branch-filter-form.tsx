// The branch search: a plain GET form (works without JavaScript), so the URL holds the search and can be shared.
// A new search starts again from the first page (no page number field).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { InputField, SelectField } from "@/components/ui/field";
import { BRANCH_PAGE_SIZES, DEFAULT_BRANCH_PAGE_SIZE } from "@/lib/schemas/admin-branches";

export interface BranchFilterFormProps {
  /** The values as typed, shown back even when invalid. */
  values: { text?: string; status?: string; pageSize?: string };
  errors: Record<string, string | undefined>;
}

export function BranchFilterForm({ values, errors }: BranchFilterFormProps) {
  const t = useTranslations("branches.filter");
  return (
    <form
      method="get"
      action="/admin/branches"
      role="search"
      aria-label={t("form")}
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <InputField
          wrapperClassName="sm:col-span-2"
          label={t("name")}
          name="text"
          type="search"
          dir="auto"
          maxLength={100}
          defaultValue={values.text ?? ""}
          hint={t("nameHint")}
          error={errors.text}
        />
        <SelectField label={t("status")} name="status" defaultValue={values.status ?? "all"} error={errors.status}>
          <option value="all">{t("all")}</option>
          <option value="active">{t("active")}</option>
          <option value="inactive">{t("inactive")}</option>
        </SelectField>
        <SelectField
          label={t("pageSize")}
          name="pageSize"
          defaultValue={values.pageSize ?? String(DEFAULT_BRANCH_PAGE_SIZE)}
          error={errors.pageSize}
        >
          {BRANCH_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      {errors.pageNumber && <p className="text-sm text-red-700">{errors.pageNumber}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">{t("submit")}</Button>
        <Link href="/admin/branches" className={buttonClasses({ variant: "ghost" })}>
          {t("clear")}
        </Link>
      </div>
    </form>
  );
}
