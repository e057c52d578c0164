"use client";
// The "Charge now" dialog: amount (in the first payment's currency), description and a new order id. The recurring
// interface is the server's configuration; the whole-units rule is shown and checked only when it is the form one.
// Loaded on demand by charge-now.tsx.
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { RecurringChargeInput } from "@/lib/schemas/recurring";
import { newOrderId } from "@/lib/schemas/order-ids";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { amountHint } from "./amount-hint";

export interface ChargeResult {
  paymentId: string;
  orderId: string;
  state: string;
  message: string;
}

export type ChargeNowProps = { firstPaymentId: string; firstOrderId: string; currency: string; email: string; wholeUnits: boolean };

export function ChargeNowDialog(p: ChargeNowProps & { onClose(): void; onDone(r: ChargeResult): void }) {
  const t = useTranslations("recurring");
  // This dialog's idempotency key, created when it opens: a double click or a retry after a lost answer charges once.
  const { submit, pending, error, idempotencyKey } = useApiMutation({
    mutationFn: (values: RecurringChargeInput, { idempotencyKey }) =>
      apiFetch<ChargeResult>("/api/recurring/charge", { method: "POST", body: { ...values, idempotencyKey } }),
    form: { setError: (field, e) => setFieldError(field, e), fields: ["amount", "description", "orderId"] },
    refresh: true,
    onSuccess: p.onDone,
  });
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<RecurringChargeInput>({
    resolver: lazyZodResolver(() =>
      import("@/lib/schemas/recurring").then((m) => (p.wholeUnits ? m.withWholeUnits(m.recurringChargeSchema) : m.recurringChargeSchema)),
    ),
    defaultValues: { firstPaymentId: p.firstPaymentId, amount: "", description: "", orderId: newOrderId("rec"), idempotencyKey },
  });
  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={t("chargeNow.title")}
      description={t.rich("dialog.subject", {
        email: () => <bdi dir="ltr">{p.email}</bdi>,
        order: () => <bdi dir="ltr">{p.firstOrderId}</bdi>,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" form="charge-now-form" loading={pending}>
            {t("chargeNow.submit")}
          </Button>
        </>
      }
    >
      <form id="charge-now-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={t("dialog.amount", { currency: p.currency })}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          required
          data-autofocus
          hint={t(`amountHint.${amountHint(p.wholeUnits, "charge")}`)}
          error={errors.amount?.message}
          {...register("amount")}
        />
        <InputField
          label={t("dialog.description")}
          autoComplete="off"
          required
          error={errors.description?.message}
          {...register("description")}
        />
        <InputField
          label={t("chargeNow.orderId")}
          autoComplete="off"
          dir="ltr"
          required
          hint={t("chargeNow.orderIdHint")}
          error={errors.orderId?.message}
          {...register("orderId")}
        />
      </form>
    </Dialog>
  );
}
