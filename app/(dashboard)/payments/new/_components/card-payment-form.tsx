"use client";
// The one "Card payment" form. Staff never pick the gateway's interface: the server takes the form interface when
// the card is saved or recurring starts (which then needs the billing address, asked only then), server-to-server
// otherwise. The card number and CVV leave the browser only in the POST to our route (which sends them to the
// gateway and nowhere else) and are cleared from the form after every submit, whatever the answer. The form stays
// mounted (hidden) while the 3-D Secure step and the result show, so a declined payment is retried with it kept.
import { CurrencyOptions } from "@/components/ui/currency-options";
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
const FIELDS = [
  ...CARD_FIELDS,
  ...(["orderId", "amount", "currency", "description", "auth", "firstName", "lastName", "email", "phone"] as const),
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
  hidden: boolean;
  retry: Retry | null;
  onSubmitting(): void;
  onStarted(r: NewPaymentResult): void;
}) {
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
      description: "Phone order",
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
      country: "SA",
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
        Card payment
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {p.retry && !error && (
        <Alert tone="warning" title="Try the payment again">
          {/[.!?]$/.test(p.retry.message) ? p.retry.message : `${p.retry.message}.`} Check the card details with the customer and enter them
          again; the order has a new id.
        </Alert>
      )}
      {invalidCount > 0 && !error && (
        <Alert tone="error">
          {invalidCount === 1 ? "1 field needs attention" : `${invalidCount} fields need attention`}: see the messages under them.
        </Alert>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Order</legend>
        <InputField
          label="Order id"
          required
          dir="ltr"
          autoComplete="off"
          hint="Generated; you may change it. Must be unique."
          error={errors.orderId?.message}
          {...register("orderId")}
        />
        <InputField label="Description" required error={errors.description?.message} {...register("description")} />
        <InputField
          label="Amount"
          required
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={errors.amount?.message}
          {...register("amount")}
        />
        <SelectField label="Currency" required error={errors.currency?.message} {...register("currency")}>
          <CurrencyOptions />
        </SelectField>
        <SelectField
          label="Type"
          required
          hint="Authorize holds the money for a later capture."
          error={errors.auth?.message}
          {...register("auth")}
        >
          <option value="sale">Sale (take the money now)</option>
          <option value="authorize">Authorize only</option>
        </SelectField>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Customer</legend>
        <InputField label="First name" required error={errors.firstName?.message} {...register("firstName")} />
        <InputField label="Last name" required error={errors.lastName?.message} {...register("lastName")} />
        <InputField label="E-mail" type="email" required dir="ltr" error={errors.email?.message} {...register("email")} />
        <InputField
          label="Phone"
          type="tel"
          required
          dir="ltr"
          hint="With the country code, e.g. +966500000000."
          error={errors.phone?.message}
          {...register("phone")}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-base font-semibold">Card</legend>
        <CardNumberField field={register("cardNumber")} value={cardNumber} error={errors.cardNumber?.message} />
        <InputField
          label="Expiry month"
          required
          placeholder="MM"
          maxLength={2}
          {...card}
          error={errors.expMonth?.message}
          {...register("expMonth")}
        />
        <InputField
          label="Expiry year"
          required
          placeholder="YYYY"
          maxLength={4}
          {...card}
          error={errors.expYear?.message}
          {...register("expYear")}
        />
        <InputField
          label="Security code (CVV)"
          required
          type="password"
          maxLength={4}
          {...card}
          hint="4 digits for Amex, else 3."
          error={errors.cvv?.message}
          {...register("cvv")}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">Options</legend>
        <CheckboxField
          label="Save the card"
          hint="Only when the customer asked for it: the gateway keeps the card for later charges."
          {...register("saveCard")}
        />
        <CheckboxField
          label="Start recurring"
          hint="This payment starts a recurring series the dashboard can charge later."
          {...register("recurringInit")}
        />
      </fieldset>
      {needsAddress && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-base font-semibold">Billing address</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">
            Saving the card or starting recurring needs the customer&apos;s billing address.
          </p>
          <InputField label="Address" required error={errors.address?.message} {...register("address")} />
          <InputField label="City" required error={errors.city?.message} {...register("city")} />
          <InputField label="Postal code" required dir="ltr" error={errors.zip?.message} {...register("zip")} />
          <InputField
            label="Country"
            required
            dir="ltr"
            hint="Two letters, e.g. SA."
            error={errors.country?.message}
            {...register("country")}
          />
        </fieldset>
      )}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Take payment
      </Button>
    </form>
  );
}
