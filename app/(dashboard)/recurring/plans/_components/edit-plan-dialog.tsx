"use client";
// The "Edit plan" dialog on a live plan: the amount (from the next charge on), the next charge date (later charges
// follow it at the plan's interval; fixed while a charge is being made) and how the plan ends, with the create
// dialog's pieces (amount hint, end fields). A raise above the large-charge threshold is confirmed the way creation
// is (api-client's X-Confirm-Charge). Loaded on demand by edit-plan.tsx.
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { useDisplayZone } from "@/components/i18n/ui-prefs";
import { apiFetch } from "@/lib/api-client";
import { isCurrencyCode, minorToDecimal } from "@/lib/money";
import type { EditPlanInput } from "@/lib/schemas/billing-plans";
import type { PlanInterval } from "@/lib/schemas/billing-plans-values";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { amountHint } from "../../_components/amount-hint";
import { PlanEndFields } from "../../_components/plan-end-fields";

export type EditPlanProps = {
  planId: string;
  /** "Gym membership · customer@example.com": the dialog's subject. */
  label: string;
  currency: string;
  amountMinor: number;
  interval: PlanInterval;
  nextChargeDate: string;
  endDate: string | null;
  maxCharges: number | null;
  chargesMade: number;
  /** A charge is being made: the next charge date cannot move. */
  inFlight: boolean;
  wholeUnits: boolean;
};

const FIELDS = ["amount", "nextChargeDate", "end", "endDate", "cycles"] as const;

export function EditPlanDialog(p: EditPlanProps & { onClose(): void }) {
  const t = useTranslations("recurring");
  const { business } = useDisplayZone();
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors, isDirty },
  } = useForm<EditPlanInput>({
    resolver: lazyZodResolver(() =>
      Promise.all([import("@/lib/schemas/billing-plans"), import("@/lib/schemas/recurring")]).then(([plans, recurring]) =>
        p.wholeUnits ? recurring.withWholeUnits(plans.editPlanSchema) : plans.editPlanSchema,
      ),
    ),
    defaultValues: {
      amount: isCurrencyCode(p.currency) ? minorToDecimal(p.amountMinor, p.currency) : String(p.amountMinor),
      nextChargeDate: p.nextChargeDate,
      end: p.endDate ? "date" : p.maxCharges !== null ? "cycles" : "none",
      endDate: p.endDate ?? undefined,
      cycles: p.maxCharges !== null ? String(p.maxCharges) : undefined,
    },
  });
  const end = useWatch({ control, name: "end" });
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: EditPlanInput) => apiFetch(`/api/recurring/plans/${p.planId}`, { method: "PATCH", body: values }),
    form: { setError: setFieldError, fields: FIELDS },
    refresh: true,
    onSuccess: p.onClose,
  });

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={t("editPlan.title")}
      description={<span dir="auto">{p.label}</span>}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" form="edit-plan-form" loading={pending} disabled={!isDirty}>
            {t("editPlan.submit")}
          </Button>
        </>
      }
    >
      <form id="edit-plan-form" noValidate onSubmit={handleSubmit(submit)} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={t("dialog.amount", { currency: p.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          dir="ltr"
          hint={`${t(`amountHint.${amountHint(p.wholeUnits, "cycle")}`)} ${t("editPlan.amountHint")}`}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <InputField
          label={t("editPlan.nextChargeDate")}
          type="date"
          dir="ltr"
          required
          readOnly={p.inFlight}
          hint={
            p.inFlight
              ? t("editPlan.dayInFlight")
              : t("editPlan.nextChargeDateHint", { zone: business, interval: t(`interval.${p.interval}`) })
          }
          error={errors.nextChargeDate?.message}
          {...register("nextChargeDate")}
        />
        <PlanEndFields
          register={register}
          errors={errors}
          end={end}
          zone={business}
          cyclesNote={t("editPlan.chargesSoFar", { count: p.chargesMade })}
        />
      </form>
    </Dialog>
  );
}
