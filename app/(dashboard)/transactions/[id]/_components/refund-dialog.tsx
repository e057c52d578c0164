"use client";
// Refund a captured payment, in full or in part, with a reason. The balance shown is the server's: when the server
// refuses an amount over the balance, the dialog shows the balance it answered with (and the page refreshes).
// Ctrl/Cmd+Enter submits from any field, the note included; a server error goes when its field is edited.
import { useTranslations } from "next-intl";
import { useState } from "react";

import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { MoneyAmount } from "@/components/ui/money";
import { minorToDecimal, type CurrencyCode } from "@/lib/money";
import type { RefundInput } from "@/lib/schemas/payment-actions";
import type { ActionResult } from "@/lib/schemas/payment-actions-values";
import { reasonText } from "@/lib/i18n/vocab";
import { apiFetch } from "@/lib/api-client";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { SubmitHint } from "@/components/money-actions/submit-hint";

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
  const t = useTranslations("moneyActions");
  const vocab = useTranslations("vocab");
  // This dialog's idempotency key, created when it opens: a double click or a retried request refunds once.
  const [serverBalance, setServerBalance] = useState<number | null>(null);
  const { submit, pending, error, idempotencyKey, reset } = useApiMutation({
    mutationFn: (values: RefundInput, { idempotencyKey }) =>
      apiFetch<ActionResult>(`/api/transactions/${p.paymentId}/refunds`, { method: "POST", body: { ...values, idempotencyKey } }),
    form: { setError: (field, e) => setFieldError(field, e), fields: ["amount", "reasonCode", "note"] },
    refresh: "always",
    onSuccess: p.onDone,
    onError: (e) => {
      const balance = Number(e.fields?.refundableMinor?.[0]);
      if (Number.isSafeInteger(balance) && balance >= 0) setServerBalance(balance);
    },
  });
  // The server's latest answer wins over the figure the page had when the dialog opened, until the page itself
  // brings a new figure (after its refresh).
  const [pageBalance, setPageBalance] = useState(p.refundableMinor);
  if (pageBalance !== p.refundableMinor) {
    setPageBalance(p.refundableMinor);
    setServerBalance(null);
  }
  const refundable = serverBalance ?? p.refundableMinor;
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<RefundInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/payment-actions").then((m) => m.refundSchema)),
    defaultValues: { amount: minorToDecimal(p.refundableMinor, p.currency), reasonCode: "", note: "", idempotencyKey },
  });
  const reason = useWatch({ control, name: "reasonCode" });
  const onSubmit = handleSubmit(submit);
  const edited = (field: keyof RefundInput) => () => {
    clearErrors(field);
    if (error) reset();
  };

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={t("refund.title")}
      description={t.rich("refund.balance", {
        m: () => (
          <span data-testid="refundable-balance">
            <MoneyAmount value={{ minor: refundable, currency: p.currency }} />
          </span>
        ),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("cancel")}
          </Button>
          <Button type="submit" form="refund-form" variant="danger" loading={pending}>
            {t("refund.button")}
          </Button>
        </>
      }
    >
      <form id="refund-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        <Alert tone="warning" title={t("refund.warningTitle")}>
          {t("refund.warningBody")}
        </Alert>
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={t("refund.amount", { currency: p.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          hint={
            p.approvalThresholdMinor !== null
              ? t("refund.hintThreshold", {
                  amount: minorToDecimal(refundable, p.currency),
                  threshold: minorToDecimal(p.approvalThresholdMinor, p.currency),
                })
              : t("refund.hintApproval", { amount: minorToDecimal(refundable, p.currency) })
          }
          error={errors.amount?.message}
          {...register("amount", { onChange: edited("amount") })}
        />
        <SelectField
          label={t("refund.reason")}
          required
          error={errors.reasonCode?.message}
          {...register("reasonCode", { onChange: edited("reasonCode") })}
        >
          <option value="">{t("refund.chooseReason")}</option>
          {p.reasons.map((r) => (
            <option key={r} value={r}>
              {reasonText(vocab, r)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label={t("refund.note")}
          required={reason === "other"}
          hint={reason === "other" ? t("refund.noteRequired") : t("refund.noteOptional")}
          error={errors.note?.message}
          {...register("note", { onChange: edited("note") })}
        />
        <SubmitHint />
      </form>
    </Dialog>
  );
}
