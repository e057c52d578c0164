"use client";
// Capture an authorization in full or in part: from a payment's page and from a row of the Captures screen (both
// load it on demand). Ctrl/Cmd+Enter submits; a server error under the amount goes when the amount is edited.
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { MoneyAmount } from "@/components/ui/money";
import { minorToDecimal, type CurrencyCode } from "@/lib/money";
import type { CaptureInput } from "@/lib/schemas/payment-actions";
import type { ActionResult } from "@/lib/schemas/payment-actions-values";
import { apiFetch } from "@/lib/api-client";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { SubmitHint } from "./submit-hint";

export interface CaptureDialogProps {
  paymentId: string;
  currency: CurrencyCode;
  authorizedMinor: number;
  /** Names the payment in the title where the page does not (the Captures list). */
  orderId?: string;
  onDone(r: ActionResult): void;
  onClose(): void;
}

export function CaptureDialog(p: CaptureDialogProps) {
  const t = useTranslations("moneyActions");
  // This dialog's idempotency key, created when it opens: a double click or a retried request captures once.
  const { submit, pending, error, idempotencyKey, reset } = useApiMutation({
    mutationFn: (values: CaptureInput, { idempotencyKey }) =>
      apiFetch<ActionResult>(`/api/transactions/${p.paymentId}/capture`, { method: "POST", body: { ...values, idempotencyKey } }),
    form: { setError: (field, e) => setFieldError(field, e), fields: ["amount"] },
    // A refusal may mean the payment changed meanwhile: the page shows the server's figures either way.
    refresh: "always",
    onSuccess: p.onDone,
  });
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<CaptureInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/payment-actions").then((m) => m.captureSchema)),
    defaultValues: { amount: minorToDecimal(p.authorizedMinor, p.currency), idempotencyKey },
  });
  const onSubmit = handleSubmit(submit);
  const edited = () => {
    clearErrors("amount");
    if (error) reset();
  };
  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={p.orderId ? t.rich("capture.titleOrder", { orderId: p.orderId, o: (c) => <bdi dir="ltr">{c}</bdi> }) : t("capture.title")}
      description={t.rich("authorized", { m: () => <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} /> })}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("cancel")}
          </Button>
          <Button type="submit" form="capture-form" loading={pending}>
            {t("capture.button")}
          </Button>
        </>
      }
    >
      <form id="capture-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        <p className="text-sm text-slate-700">{t("capture.intro")}</p>
        {error && <Alert tone="error">{error}</Alert>}
        <InputField
          label={t("capture.amount", { currency: p.currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          data-autofocus
          hint={t("capture.upTo", { amount: minorToDecimal(p.authorizedMinor, p.currency) })}
          error={errors.amount?.message}
          {...register("amount", { onChange: edited })}
        />
        <SubmitHint />
      </form>
    </Dialog>
  );
}
