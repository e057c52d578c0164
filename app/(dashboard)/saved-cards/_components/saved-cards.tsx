"use client";
// The lookup by the customer's e-mail, the customer's saved cards, and the "Charge this card" dialog.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardMask } from "@/components/ui/card-mask";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { BillingAddress } from "@/lib/schemas/billing-address";
import type { PayerContact } from "@/lib/schemas/payer";
import type { SavedCardsLookup, SavedCardsView, SavedCardView } from "@/lib/schemas/saved-cards";
import type { ChargeResult } from "./charge-card-dialog";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

// Loaded on demand: the charge dialog when staff open it, the 3-D Secure frame when a charge asks for it.
const ChargeCardDialog = lazy(() => import("./charge-card-dialog").then((m) => ({ default: m.ChargeCardDialog })));
const ThreeDsFrame = lazy(() => import("../../payments/new/_components/three-ds-frame").then((m) => ({ default: m.ThreeDsFrame })));

export function SavedCards(p: { chargeDisabledReason: string | null; currencies: readonly string[] }) {
  const t = useTranslations("savedCards");
  const [cards, setCards] = useState<SavedCardView[] | null>(null);
  const [billingAddress, setBillingAddress] = useState<BillingAddress | null>(null);
  const [payer, setPayer] = useState<PayerContact | null>(null);
  const [email, setEmail] = useState<string>("");
  const [customerKey, setCustomerKey] = useState<string | null>(null);
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
      setPayer(r.payer);
      setEmail(values.email);
      setCustomerKey(r.customerKey);
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
      <Card title={t("find.title")}>
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <InputField
            label={t("find.email")}
            type="email"
            dir="ltr"
            autoComplete="off"
            required
            wrapperClassName="min-w-72 flex-1"
            hint={t("find.emailHint")}
            error={errors.email?.message}
            {...register("email")}
          />
          <Button type="submit" loading={isSubmitting}>
            {t("find.submit")}
          </Button>
        </form>
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
      </Card>

      {result?.threeDsViewId && (
        <Card title={t.rich("threeDsTitle", { id: () => <bdi dir="ltr">{result.orderId}</bdi> })}>
          <Suspense fallback={<p className="text-sm text-slate-600">{t("loadingBankPage")}</p>}>
            <ThreeDsFrame
              started={{ paymentId: result.paymentId, status: result.state, message: result.message, threeDsViewId: result.threeDsViewId }}
              onDone={(confirmed) => setResult({ ...result, state: confirmed.status, message: confirmed.message, threeDsViewId: null })}
            />
          </Suspense>
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
          title={t.rich("resultTitle", { id: () => <bdi dir="ltr">{result.orderId}</bdi> })}
        >
          {result.message}{" "}
          <Link className="underline" href={`/transactions/${result.paymentId}`}>
            {t("openPayment")}
          </Link>
        </Alert>
      )}

      {cards && (
        <Card
          title={<>{t.rich("cardsOf", { email: () => <bdi dir="ltr">{email}</bdi> })}</>}
          actions={
            customerKey ? (
              <Link className="text-sm font-medium text-brand-700 hover:underline" href={`/customers/${customerKey}`}>
                {t("openCustomer")}
              </Link>
            ) : undefined
          }
          padded={cards.length === 0}
        >
          {cards.length === 0 ? (
            <p className="text-sm text-slate-600">{t("none")}</p>
          ) : (
            // A list rather than a table: on a phone each card wraps onto its own lines, with no sideways scroll.
            <ul aria-label={t("cardsOfLabel", { email })} className="divide-y divide-slate-100">
              {cards.map((c) => (
                <li key={c.cardToken} data-testid="saved-card" className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
                  <span className="font-medium">
                    <CardMask card={{ brand: c.brand, last4: c.last4 }} fallback={<bdi dir="ltr">{c.maskedCardNumber}</bdi>} />
                  </span>
                  <span className="text-slate-600">
                    {t.rich("expires", {
                      date: () => (
                        <bdi dir="ltr" className="whitespace-nowrap">
                          {c.expiry}
                        </bdi>
                      ),
                    })}
                  </span>
                  {c.active ? <Badge tone="success">{t("active")}</Badge> : <Badge tone="neutral">{t("inactive")}</Badge>}
                  <span className="ms-auto">
                    <Button
                      size="sm"
                      variant="secondary"
                      disabledReason={p.chargeDisabledReason ?? (c.active ? undefined : t("inactiveReason"))}
                      onClick={() => {
                        setResult(null);
                        setCharging(c);
                      }}
                    >
                      {t("charge.button")}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      {charging && (
        <Suspense fallback={null}>
          <ChargeCardDialog
            card={charging}
            currencies={p.currencies}
            billingAddress={billingAddress}
            payer={payer}
            onClose={() => setCharging(null)}
            onDone={(r) => {
              setCharging(null);
              setResult(r);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
