"use client";
// How a plan ends, asked the same way by "Create plan" and "Edit plan": no end, a last charge date (a day of the
// business zone), or a number of charges. Only the chosen field is shown and sent (the other unregisters), so the
// shared schema's "not both" holds.
import { useTranslations } from "next-intl";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { InputField, SelectField } from "@/components/ui/field";
import { MAX_PLAN_CYCLES, PLAN_END_KINDS, type PlanEndKind } from "@/lib/schemas/billing-plans-values";

type EndValues = { end?: PlanEndKind; endDate?: unknown; cycles?: unknown };

export function PlanEndFields<T extends EndValues>(p: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  end: PlanEndKind | undefined;
  zone: string;
  /** Extra words under the number of charges (the edit dialog says how many were made). */
  cyclesNote?: string;
}) {
  const t = useTranslations("recurring.planEnd");
  // The field names exist on every form that uses this component (EndValues); react-hook-form's path types cannot see it.
  const register = p.register as unknown as UseFormRegister<EndValues>;
  const errors = p.errors as FieldErrors<EndValues>;
  return (
    <>
      <SelectField label={t("label")} error={errors.end?.message} {...register("end")}>
        {PLAN_END_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(k)}
          </option>
        ))}
      </SelectField>
      {p.end === "date" && (
        <InputField
          label={t("endDate")}
          type="date"
          dir="ltr"
          required
          hint={t("endDateHint", { zone: p.zone })}
          error={errors.endDate?.message}
          {...register("endDate", { shouldUnregister: true })}
        />
      )}
      {p.end === "cycles" && (
        <InputField
          label={t("cyclesField")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PLAN_CYCLES}
          step={1}
          dir="ltr"
          required
          hint={p.cyclesNote ? `${t("cyclesHint")} ${p.cyclesNote}` : t("cyclesHint")}
          error={errors.cycles?.message}
          {...register("cycles", { shouldUnregister: true })}
        />
      )}
    </>
  );
}
