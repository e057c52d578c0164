"use client";
// "Charge this card": a new sale on the saved card token. The order id and the idempotency key are created when
// the dialog opens, so a double submit or a retry after a lost answer returns the first result.
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CardMask } from "@/components/ui/card-mask";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { newOrderId } from "@/lib/schemas/order-ids";
import type { BillingAddress } from "@/lib/schemas/billing-address";
import type { PayerContact } from "@/lib/schemas/payer";
import type { SavedCardView } from "@/lib/schemas/saved-cards";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

// The dialog's part of the route's schema (the rest is filled in on submit); the payer's name and phone, optional
// for the route when the ledger has them, are always asked here (filled in from the lookup).
const formSchema = () =>
  Promise.all([import("@/lib/schemas/saved-cards"), import("@/lib/schemas/payer")]).then(([m, payer]) =>
    m.tokenChargeSchema
      .pick({
        amount: true,
        currency: true,
        description: true,
        orderId: true,
        address: true,
        city: true,
        zip: true,
        country: true,
      })
      .extend(payer.payerContactFields),
  );
type FormValues = { amount: string; currency: string; description: string; orderId: string } & BillingAddress & PayerContact;
const FIELDS: ReadonlyArray<keyof FormValues> = [
  "amount",
  "currency",
  "description",
  "orderId",
  "firstName",
  "lastName",
  "phone",
  "address",
  "city",
  "zip",
  "country",
];

export interface ChargeResult {
  paymentId: string;
  orderId: string;
  state: string;
  message: string;
  replayed: boolean;
  /** Set when the card asks for 3-D Secure: the customer's challenge page is shown in the sandboxed frame. */
  threeDsViewId: string | null;
}

export function ChargeCardDialog(p: {
  card: SavedCardView;
  currencies: readonly string[];
  /** The customer's last known billing address (the lookup's suggestion), or null: staff enter it. */
  billingAddress: BillingAddress | null;
  /** The name and phone of the customer's latest payment (the lookup's suggestion), or null: staff ask the customer. */
  payer: PayerContact | null;
  onDone(r: ChargeResult): void;
  onClose(): void;
}) {
  const t = useTranslations("savedCards.charge");
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: lazyZodResolver(formSchema),
    defaultValues: {
      amount: "",
      currency: p.currencies[0] ?? "SAR",
      description: "",
      orderId: newOrderId("card"),
      ...(p.billingAddress ?? { address: "", city: "", zip: "", country: "" }),
      ...(p.payer ?? { firstName: "", lastName: "", phone: "" }),
    },
  });
  // The idempotency key is this dialog's, created when it opens.
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: FormValues, { idempotencyKey }) =>
      apiFetch<ChargeResult>("/api/saved-cards/charge", {
        method: "POST",
        // The exact spelling the gateway keeps the card under (the lookup itself is case-insensitive).
        body: { ...values, email: p.card.customerReference, cardToken: p.card.cardToken, idempotencyKey },
      }),
    form: { setError: setFieldError, fields: FIELDS },
    onSuccess: p.onDone,
  });
  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={p.onClose}
      busy={pending}
      title={t("title")}
      description={
        <>
          <CardMask card={{ brand: p.card.brand, last4: p.card.last4 }} fallback={<bdi dir="ltr">{p.card.maskedCardNumber}</bdi>} /> ·{" "}
          <bdi dir="ltr">{p.card.customerReference}</bdi>
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={pending}>
            {t("cancel")}
          </Button>
          <Button type="submit" form="charge-card-form" loading={pending}>
            {t("submit")}
          </Button>
        </>
      }
    >
      <form id="charge-card-form" noValidate onSubmit={onSubmit} onKeyDown={guardEnter} className="space-y-4">
        <p className="text-sm text-slate-700">{t("intro")}</p>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label={t("amount")}
            inputMode="decimal"
            autoComplete="off"
            required
            data-autofocus
            error={errors.amount?.message}
            {...register("amount")}
          />
          <SelectField label={t("currency")} required error={errors.currency?.message} {...register("currency")}>
            {p.currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        <InputField label={t("description")} autoComplete="off" required error={errors.description?.message} {...register("description")} />
        <InputField
          label={t("orderId")}
          autoComplete="off"
          required
          hint={t("orderIdHint")}
          error={errors.orderId?.message}
          {...register("orderId")}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t("payer")}</legend>
          <p className="text-sm text-slate-600">{p.payer ? t("payerKnown") : t("payerUnknown")}</p>
          <div className="grid grid-cols-2 gap-3">
            <InputField label={t("firstName")} autoComplete="off" required error={errors.firstName?.message} {...register("firstName")} />
            <InputField label={t("lastName")} autoComplete="off" required error={errors.lastName?.message} {...register("lastName")} />
          </div>
          <InputField
            label={t("phone")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            dir="ltr"
            hint={t("phoneHint")}
            error={errors.phone?.message}
            {...register("phone")}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t("billingAddress")}</legend>
          <p className="text-sm text-slate-600">{p.billingAddress ? t("addressKnown") : t("addressUnknown")}</p>
          <InputField label={t("address")} autoComplete="off" required error={errors.address?.message} {...register("address")} />
          <div className="grid grid-cols-3 gap-3">
            <InputField label={t("city")} autoComplete="off" required error={errors.city?.message} {...register("city")} />
            <InputField label={t("zip")} autoComplete="off" required dir="ltr" error={errors.zip?.message} {...register("zip")} />
            <InputField
              label={t("country")}
              autoComplete="off"
              required
              dir="ltr"
              hint={t("countryHint")}
              error={errors.country?.message}
              {...register("country")}
            />
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
