"use client";
// The lookup by the customer's e-mail, the customer's saved cards, and the "Charge this card" dialog.
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { apiFetch } from "@/lib/api-client";
import type { BillingAddress } from "@/lib/schemas/billing-address";
import type { SavedCardsLookup, SavedCardsView, SavedCardView } from "@/lib/schemas/saved-cards";
import { ThreeDsFrame } from "../../payments/new/_components/three-ds-frame";
import { ChargeCardDialog, type ChargeResult } from "./charge-card-dialog";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SavedCards(p: { chargeDisabledReason: string | null; currencies: readonly string[] }) {
  const [cards, setCards] = useState<SavedCardView[] | null>(null);
  const [billingAddress, setBillingAddress] = useState<BillingAddress | null>(null);
  const [email, setEmail] = useState<string>("");
  const [charging, setCharging] = useState<SavedCardView | null>(null);
  const [result, setResult] = useState<ChargeResult | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SavedCardsLookup>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/saved-cards").then((m) => m.savedCardsLookupSchema)),
    defaultValues: { email: "" },
  });

  const lookup = useApiMutation({
    mutationFn: (values: SavedCardsLookup) => apiFetch<SavedCardsView>("/api/saved-cards/lookup", { method: "POST", body: values }),
    onSuccess: (r, values) => {
      setCards(r.cards);
      setBillingAddress(r.billingAddress);
      setEmail(values.email);
    },
    onError: () => setCards(null),
  });
  const error = lookup.error;
  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    await lookup.submit(values);
  });

  return (
    <>
      <Card title="Find a customer's cards">
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <InputField
            label="Customer e-mail"
            type="email"
            autoComplete="off"
            required
            wrapperClassName="min-w-72 flex-1"
            hint="Must match exactly the e-mail used at payment (the same letters and case)."
            error={errors.email?.message}
            {...register("email")}
          />
          <Button type="submit" loading={isSubmitting}>
            Find cards
          </Button>
        </form>
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
      </Card>

      {result?.threeDsViewId && (
        <Card title={`Order ${result.orderId}: 3-D Secure`}>
          <ThreeDsFrame
            started={{ paymentId: result.paymentId, status: result.state, message: result.message, threeDsViewId: result.threeDsViewId }}
            onDone={(confirmed) => setResult({ ...result, state: confirmed.status, message: confirmed.message, threeDsViewId: null })}
          />
        </Card>
      )}

      {result && !result.threeDsViewId && (
        <Alert
          tone={
            result.state === "captured" || result.state === "authorized"
              ? "success"
              : result.state === "awaiting_3ds" || result.state === "unknown"
                ? "warning"
                : "error"
          }
          title={`Order ${result.orderId}`}
        >
          {result.message}{" "}
          <Link className="underline" href={`/transactions/${result.paymentId}`}>
            Open the payment
          </Link>
        </Alert>
      )}

      {cards && (
        <Card title={`Saved cards of ${email}`} padded={cards.length === 0}>
          {cards.length === 0 ? (
            <p className="text-sm text-slate-600">
              No saved card for this e-mail. Check it is exactly the e-mail used at payment, and that the customer chose to save the card.
            </p>
          ) : (
            <Table caption={`Saved cards of ${email}`} captionHidden>
              <THead>
                <TR>
                  <TH>Card</TH>
                  <TH>Brand</TH>
                  <TH>Expiry</TH>
                  <TH>Status</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {cards.map((c) => (
                  <TR key={c.cardToken}>
                    <TD>
                      <bdi dir="ltr" className="font-mono">
                        {c.maskedCardNumber}
                      </bdi>
                    </TD>
                    <TD>{c.brand ?? "—"}</TD>
                    <TD>
                      <bdi dir="ltr">{c.expiry}</bdi>
                    </TD>
                    <TD>{c.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}</TD>
                    <TD>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabledReason={p.chargeDisabledReason ?? (c.active ? undefined : "This card is no longer active.")}
                        onClick={() => {
                          setResult(null);
                          setCharging(c);
                        }}
                      >
                        Charge this card
                      </Button>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      )}

      {charging && (
        <ChargeCardDialog
          email={email}
          card={charging}
          currencies={p.currencies}
          billingAddress={billingAddress}
          onClose={() => setCharging(null)}
          onDone={(r) => {
            setCharging(null);
            setResult(r);
          }}
        />
      )}
    </>
  );
}
