"use client";
// "Charge now" on a recurring token: amount (in the first payment's currency), description, a new order id, and
// the interface: v2 JSON (default) or the form RECURRING_SALE, which takes whole units only.
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { RecurringChargeInput } from "@/lib/schemas/recurring";
import { newOrderId } from "@/lib/schemas/order-ids";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

interface ChargeResult {
  paymentId: string;
  orderId: string;
  state: string;
  message: string;
}

type Props = { firstPaymentId: string; firstOrderId: string; currency: string; email: string };

export function ChargeNow(p: Props) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<ChargeResult | null>(null);
  return (
    <div className="space-y-2">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Charge now
      </Button>
      {result && (
        <p role="status" className="max-w-xs text-xs text-slate-700">
          {result.message}{" "}
          <Link className="underline" href={`/transactions/${result.paymentId}`}>
            Open
          </Link>
        </p>
      )}
      {open && (
        <ChargeNowDialog
          {...p}
          onClose={() => setOpen(false)}
          onDone={(r) => {
            setOpen(false);
            setResult(r);
          }}
        />
      )}
    </div>
  );
}

function ChargeNowDialog(p: Props & { onClose(): void; onDone(r: ChargeResult): void }) {
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
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<RecurringChargeInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/recurring").then((m) => m.recurringChargeSchema)),
    defaultValues: {
      firstPaymentId: p.firstPaymentId,
      amount: "",
      description: "",
      orderId: newOrderId("rec"),
      interface: "v2",
      idempotencyKey,
    },
  });
  const iface = useWatch({ control, name: "interface" });
  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title="Charge now"
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
          <Button type="submit" form="charge-now-form" loading={pending}>
            Charge
          </Button>
        </>
      }
    >
      <form id="charge-now-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <SelectField label="Interface" required {...register("interface")}>
          <option value="v2">v2 JSON (recommended)</option>
          <option value="form">Form RECURRING_SALE (whole units only)</option>
        </SelectField>
        <InputField
          label={`Amount (${p.currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          hint={
            iface === "form"
              ? "Whole units only with the form interface, e.g. 25 (no decimals)."
              : "Charged in the first payment's currency."
          }
          error={errors.amount?.message}
          {...register("amount")}
        />
        <InputField label="Description" autoComplete="off" required error={errors.description?.message} {...register("description")} />
        <InputField
          label="Order id"
          autoComplete="off"
          required
          hint="A new, unique order id for this charge."
          error={errors.orderId?.message}
          {...register("orderId")}
        />
      </form>
    </Dialog>
  );
}
