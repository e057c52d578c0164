"use client";

import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { MoneyAmount } from "@/components/ui/money";
import { minorToDecimal, type CurrencyCode } from "@/lib/money";
import type { RefundInput } from "@/lib/schemas/payment-actions";
import { reasonLabel, type ActionResult } from "@/lib/schemas/payment-actions-values";
import { apiFetch } from "@/lib/api-client";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export interface RefundDialogProps {
  paymentId: string;
  currency: CurrencyCode;
  refundableMinor: number;
  approvalThresholdMinor: number | null;
  reasons: string[];
  onDone(result: ActionResult): void;
  onClose(): void;
}

export function RefundDialog(p: RefundDialogProps) {
  // This dialog's idempotency key, created when it opens: a double click or a retried request refunds once.
  const { submit, pending, error, idempotencyKey } = useApiMutation({
    mutationFn: (values: RefundInput, { idempotencyKey }) =>
      apiFetch<ActionResult>(`/api/transactions/${p.paymentId}/refunds`, { method: "POST", body: { ...values, idempotencyKey } }),
    form: { setError: (field, e) => setFieldError(field, e), fields: ["amount", "reasonCode", "note"] },
    refresh: true,
    onSuccess: p.onDone,
  });
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<RefundInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/payment-actions").then((m) => m.refundSchema)),
    defaultValues: { amount: minorToDecimal(p.refundableMinor, p.currency), reasonCode: "", note: "", idempotencyKey },
  });
  const reason = useWatch({ control, name: "reasonCode" });
  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title="Refund payment"
      description={
        <>
          Refundable balance: <MoneyAmount value={{ minor: p.refundableMinor, currency: p.currency }} />
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="refund-form" variant="danger" loading={pending}>
            Refund
          </Button>
        </>
      }
    >
      <form id="refund-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        <Alert tone="warning" title="A refund cannot be undone">
          The money goes back to the customer&apos;s card. Press Ctrl+Enter (⌘+Enter) or the Refund button to send it.
        </Alert>
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={`Amount (${p.currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          hint={
            p.approvalThresholdMinor !== null
              ? `Up to ${minorToDecimal(p.refundableMinor, p.currency)}. When this payment's refunds together pass ${minorToDecimal(p.approvalThresholdMinor, p.currency)}, a second person must approve.`
              : `Up to ${minorToDecimal(p.refundableMinor, p.currency)}. A second person must approve it.`
          }
          error={errors.amount?.message}
          {...register("amount")}
        />
        <SelectField label="Reason" required error={errors.reasonCode?.message} {...register("reasonCode")}>
          <option value="">Choose a reason…</option>
          {p.reasons.map((r) => (
            <option key={r} value={r}>
              {reasonLabel(r)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Note"
          required={reason === "other"}
          hint={reason === "other" ? "Required when the reason is “other”." : "Optional. Kept with the refund and in the audit log."}
          error={errors.note?.message}
          {...register("note")}
        />
      </form>
    </Dialog>
  );
}
