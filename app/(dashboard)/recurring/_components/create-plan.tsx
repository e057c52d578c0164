"use client";
// "Create plan" on a recurring token: amount (in the first payment's currency), how often, the first charge date
// (UTC, today by default), description and interface. The scheduler makes the charges; the plans page shows them.
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { CreatePlanInput } from "@/lib/schemas/billing-plans";
import { PLAN_INTERVAL_LABEL, PLAN_INTERVALS, todayUtc } from "@/lib/schemas/billing-plans-values";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

type Props = { firstPaymentId: string; firstOrderId: string; currency: string; email: string };
type Created = { planId: string; nextChargeAt: string };
// After creation the page refreshes and shows the token's plan (status and next date) in place of this button.

const FIELDS = ["amount", "interval", "firstChargeDate", "description"] as const;

export function CreatePlan(p: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Create plan
      </Button>
      {open && <CreatePlanDialog {...p} onClose={() => setOpen(false)} onDone={() => setOpen(false)} />}
    </div>
  );
}

function CreatePlanDialog(p: Props & { onClose(): void; onDone(r: Created): void }) {
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<CreatePlanInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/billing-plans").then((m) => m.createPlanSchema)),
    defaultValues: {
      firstPaymentId: p.firstPaymentId,
      amount: "",
      interval: "monthly",
      firstChargeDate: todayUtc(),
      description: "",
      interface: "v2",
    },
  });
  const iface = useWatch({ control, name: "interface" });
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
      title="Create plan"
      description={
        <>
          {p.email} · first payment <bdi dir="ltr">{p.firstOrderId}</bdi>
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="create-plan-form" loading={pending}>
            Create plan
          </Button>
        </>
      }
    >
      <form id="create-plan-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={`Amount (${p.currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          hint={
            iface === "form"
              ? "Whole units only with the form interface, e.g. 25 (no decimals)."
              : "Charged each cycle in the first payment's currency."
          }
          error={errors.amount?.message}
          {...register("amount")}
        />
        <SelectField label="Interval" required error={errors.interval?.message} {...register("interval")}>
          {PLAN_INTERVALS.map((i) => (
            <option key={i} value={i}>
              {PLAN_INTERVAL_LABEL[i]}
            </option>
          ))}
        </SelectField>
        <InputField
          label="First charge date"
          type="date"
          dir="ltr"
          required
          hint="UTC date. Later charges fall on the same day of the week, month or year (the month's last day when it is shorter)."
          error={errors.firstChargeDate?.message}
          {...register("firstChargeDate")}
        />
        <InputField label="Description" autoComplete="off" required error={errors.description?.message} {...register("description")} />
        <SelectField label="Interface" required {...register("interface")}>
          <option value="v2">v2 JSON (recommended)</option>
          <option value="form">Form RECURRING_SALE (whole units only)</option>
        </SelectField>
        <p className="text-xs text-slate-600">
          A declined charge is retried on the configured schedule; when the retries are used up the plan is paused.
        </p>
      </form>
    </Dialog>
  );
}
