"use client";
// The one "Card payment" form. Staff never pick the gateway's interface: the server takes the form interface when
// the card is saved or recurring starts (which then needs the billing address, asked only then), server-to-server
// otherwise. The card number and CVV leave the browser only in the POST to our route (which sends them to the
// gateway and nowhere else) and are cleared from the form after every submit, whatever the answer. The form stays
// mounted (hidden) while the 3-D Secure step and the result show, so a declined payment is retried with it kept.
import { CurrencyOptions } from "@/components/ui/currency-options";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { ZodType } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { NewPaymentResult, NewPaymentValues } from "@/lib/schemas/new-payment";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import { CardNumberField } from "./card-number-field";

type Values = NewPaymentValues;

const CARD_FIELDS = ["cardNumber", "cvv", "expMonth", "expYear"] as const;
// In the form's order (the first field with a server error takes the focus): what the caller says first, the amount
// and the card, then who they are, then the order's own details, which the dashboard fills in.
const FIELDS = [
  ...(["amount", "currency", "auth"] as const),
  ...CARD_FIELDS,
  ...(["firstName", "lastName", "email", "phone", "orderId", "description"] as const),
  ...(["address", "country", "city", "zip", "saveCard", "recurringInit"] as const),
];

/** A retry of a declined payment: a fresh order id (the declined one is used), the reason shown above the form. */
export interface Retry {
  n: number;
  orderId: string;
  message: string;
}

export function CardPaymentForm(p: {
  orderId: string;
  /** The billing address's country until staff change it: the merchant's own (MERCHANT_COUNTRY). */
  country: string;
  hidden: boolean;
  retry: Retry | null;
  onSubmitting(): void;
  onStarted(r: NewPaymentResult): void;
}) {
  const t = useTranslations("newPayment.form");
  // How many fields the last submit found invalid: announced (role=alert) while focus goes to the first of them.
  const [invalidCount, setInvalidCount] = useState(0);
  // The route's own schema, with zod, loaded on the first validation.
  const [resolver] = useState(() =>
    // The schema's output fills in the boxes' defaults; the form's values already hold every field.
    lazyZodResolver<Values>(() =>
      import("@/lib/schemas/new-payment").then((m) => m.newPaymentSchema as unknown as ZodType<Values, Values>),
    ),
  );
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    control,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      orderId: p.orderId,
      amount: "",
      currency: "SAR",
      description: t("defaultDescription"),
      auth: "sale",
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      cardNumber: "",
      expMonth: "",
      expYear: "",
      cvv: "",
      address: "",
      country: p.country,
      city: "",
      zip: "",
      saveCard: false,
      recurringInit: false,
    },
  });
  const [cardNumber = "", saveCard, recurringInit] = useWatch({ control, name: ["cardNumber", "saveCard", "recurringInit"] });
  const needsAddress = saveCard || recurringInit;

  const clearCard = () => {
    for (const f of CARD_FIELDS) setValue(f, "");
  };

  // A retry: everything kept but the card (already cleared) and the used order id; the card number is next.
  const { n: retryN, orderId: retryOrderId } = p.retry ?? { n: 0, orderId: "" };
  useEffect(() => {
    if (!retryN) return;
    setValue("orderId", retryOrderId);
    setFocus("cardNumber");
  }, [retryN, retryOrderId, setValue, setFocus]);

  // The card number and CVV are wiped from the form whatever the answer (and the mutation forgets its values).
  const { submit, error } = useApiMutation({
    mutationFn: (values: Values) => apiFetch<NewPaymentResult>("/api/payments", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: FIELDS, shouldFocus: true },
    onSuccess: (r) => {
      clearCard();
      p.onStarted(r);
    },
    onError: clearCard,
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setInvalidCount(0);
      p.onSubmitting();
      await submit(values);
    },
    (invalid) => setInvalidCount(Object.keys(invalid).length),
  );

  const card = { autoComplete: "off", inputMode: "numeric" as const, dir: "ltr" as const };
  return (
    <form noValidate hidden={p.hidden} onSubmit={onSubmit} className="max-w-3xl space-y-6" aria-labelledby="card-payment-title">
      <h2 id="card-payment-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {p.retry && !error && (
        <Alert tone="warning" title={t("retryTitle")}>
          {t("retryText", { reason: /[.!?؟]$/.test(p.retry.message) ? p.retry.message : `${p.retry.message}.` })}
        </Alert>
      )}
      {invalidCount > 0 && !error && <Alert tone="error">{t("invalid", { count: invalidCount })}</Alert>}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("payment")}</legend>
        <InputField
          label={t("amount")}
          required
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={errors.amount?.message}
          {...register("amount")}
        />
        <SelectField label={t("currency")} required error={errors.currency?.message} {...register("currency")}>
          <CurrencyOptions />
        </SelectField>
        <SelectField label={t("type")} required hint={t("typeHint")} error={errors.auth?.message} {...register("auth")}>
          <option value="sale">{t("typeSale")}</option>
          <option value="authorize">{t("typeAuthorize")}</option>
        </SelectField>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-base font-semibold">{t("card")}</legend>
        <CardNumberField field={register("cardNumber")} value={cardNumber} error={errors.cardNumber?.message} />
        <InputField
          label={t("expMonth")}
          required
          placeholder={t("expMonthPlaceholder")}
          maxLength={2}
          {...card}
          error={errors.expMonth?.message}
          {...register("expMonth")}
        />
        <InputField
          label={t("expYear")}
          required
          placeholder={t("expYearPlaceholder")}
          maxLength={4}
          {...card}
          error={errors.expYear?.message}
          {...register("expYear")}
        />
        <InputField
          label={t("cvv")}
          required
          type="password"
          maxLength={4}
          {...card}
          hint={t("cvvHint")}
          error={errors.cvv?.message}
          {...register("cvv")}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("customer")}</legend>
        <InputField label={t("firstName")} required error={errors.firstName?.message} {...register("firstName")} />
        <InputField label={t("lastName")} required error={errors.lastName?.message} {...register("lastName")} />
        <InputField label={t("email")} type="email" required dir="ltr" error={errors.email?.message} {...register("email")} />
        <InputField
          label={t("phone")}
          type="tel"
          required
          dir="ltr"
          hint={t("phoneHint")}
          error={errors.phone?.message}
          {...register("phone")}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{t("order")}</legend>
        <InputField
          label={t("orderId")}
          required
          dir="ltr"
          autoComplete="off"
          hint={t("orderIdHint")}
          error={errors.orderId?.message}
          {...register("orderId")}
        />
        <InputField label={t("description")} required error={errors.description?.message} {...register("description")} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">{t("options")}</legend>
        <CheckboxField label={t("saveCard")} hint={t("saveCardHint")} {...register("saveCard")} />
        <CheckboxField label={t("recurringInit")} hint={t("recurringInitHint")} {...register("recurringInit")} />
      </fieldset>
      {needsAddress && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-base font-semibold">{t("billingAddress")}</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{t("billingAddressIntro")}</p>
          <InputField label={t("address")} required error={errors.address?.message} {...register("address")} />
          <InputField label={t("city")} required error={errors.city?.message} {...register("city")} />
          <InputField label={t("zip")} required dir="ltr" error={errors.zip?.message} {...register("zip")} />
          <InputField
            label={t("country")}
            required
            dir="ltr"
            hint={t("countryHint")}
            error={errors.country?.message}
            {...register("country")}
          />
        </fieldset>
      )}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        {t("submit")}
      </Button>
    </form>
  );
}
