"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MoneyAmount } from "@/components/ui/money";
import type { CurrencyCode } from "@/lib/money";
import { newIdempotencyKey, useMoneyAction, type ActionResult } from "./use-money-action";

export function VoidDialog(p: { paymentId: string; currency: CurrencyCode; authorizedMinor: number; onDone(r: ActionResult): void; onClose(): void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const { send, pending } = useMoneyAction(`/api/transactions/${p.paymentId}/void`);
  const confirm = async () => {
    setError(null);
    const r = await send({ idempotencyKey });
    if (r.ok) p.onDone(r.result);
    else setError(r.error.message);
  };
  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      size="sm"
      title="Void authorization"
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending} data-autofocus>
            Keep it
          </Button>
          <Button variant="danger" loading={pending} onClick={confirm}>
            Void
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Release the authorization of <MoneyAmount value={{ minor: p.authorizedMinor, currency: p.currency }} />. The customer is not charged, and the
        payment can no longer be captured.
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
