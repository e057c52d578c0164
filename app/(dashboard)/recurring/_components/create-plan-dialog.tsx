"use client";
// The "Create plan" dialog on a recurring token: amount (in the first payment's currency), how often, the first
// charge date (in the business zone, today by default), description, and how it ends (plan-end-fields.tsx). The recurring interface is the server's configuration
// (never asked); its whole-units rule is shown and checked only when it is the form one. The scheduler makes the
// charges; the plans page shows them. Loaded on demand by create-plan.tsx.
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { CreatePlanInput } from "@/lib/schemas/billing-plans";
import { useDisplayZone } from "@/components/i18n/ui-prefs";
import { PLAN_INTERVALS } from "@/lib/schemas/billing-plans-values";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { amountHint } from "./amount-hint";
import { PlanEndFields } from "./plan-end-fields";

export type CreatePlanProps = { firstPaymentId: string; firstOrderId: string; currency: string; email: string; wholeUnits: boolean };
type Created = { planId: string; nextChargeAt: string };

const FIELDS = ["amount", "interval", "firstChargeDate", "description", "end", "endDate", "cycles"] as const;

export function CreatePlanDialog(p: CreatePlanProps & { onClose(): void; onDone(r: Created): void }) {
  const t = useTranslations("recurring");
  // Plans count in the business zone's days, whatever clock the person reads (lib/i18n/display-zone.ts).
  const { business } = useDisplayZone();
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<CreatePlanInput>({
    resolver: lazyZodResolver(() =>
      Promise.all([import("@/lib/schemas/billing-plans"), import("@/lib/schemas/recurring")]).then(([plans, recurring]) =>
        p.wholeUnits ? recurring.withWholeUnits(plans.createPlanSchema) : plans.createPlanSchema,
      ),
    ),
    defaultValues: {
      firstPaymentId: p.firstPaymentId,
      amount: "",
      interval: "monthly",
      firstChargeDate: todayInZone(business),
      description: "",
      end: "none",
    },
  });
  const end = useWatch({ control, name: "end" });
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: CreatePlanInput) => apiFetch<Created>("/api/recurring/plans", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: FIELDS },
    refresh: true,
    onSuccess: p.onDone,
  });
  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={t("createPlan.title")}
      description={t.rich("dialog.subject", {
        email: () => <bdi dir="ltr">{p.email}</bdi>,
        order: () => <bdi dir="ltr">{p.firstOrderId}</bdi>,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" form="create-plan-form" loading={pending}>
            {t("createPlan.submit")}
          </Button>
        </>
      }
    >
      <form id="create-plan-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={t("dialog.amount", { currency: p.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          dir="ltr"
          hint={t(`amountHint.${amountHint(p.wholeUnits, "cycle")}`)}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <SelectField label={t("createPlan.interval")} required error={errors.interval?.message} {...register("interval")}>
          {PLAN_INTERVALS.map((i) => (
            <option key={i} value={i}>
              {t(`interval.${i}`)}
            </option>
          ))}
        </SelectField>
        <InputField
          label={t("createPlan.firstChargeDate")}
          type="date"
          dir="ltr"
          required
          hint={t("createPlan.firstChargeDateHint", { zone: business })}
          error={errors.firstChargeDate?.message}
          {...register("firstChargeDate")}
        />
        <InputField
          label={t("dialog.description")}
          autoComplete="off"
          required
          error={errors.description?.message}
          {...register("description")}
        />
        <PlanEndFields register={register} errors={errors} end={end} zone={business} />
        <p className="text-xs text-slate-600">{t("createPlan.retries")}</p>
      </form>
    </Dialog>
  );
}
