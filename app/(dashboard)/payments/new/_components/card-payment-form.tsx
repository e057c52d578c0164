"use client";
// The card form of one mode. The card number and CVV leave the browser only in the POST to our route (which sends
// them to the gateway and nowhere else) and are cleared from the form after every submit, whatever the answer.
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { CURRENCY_CODES } from "@/lib/money";
import type { ZodType } from "zod";
import type { FormPaymentInput, NewPaymentResult } from "@/lib/schemas/new-payment";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export type CardMode = "s2s" | "form";
type Values = Omit<FormPaymentInput, "mode"> & { mode: CardMode };

const CARD_FIELDS = ["cardNumber", "cvv", "expMonth", "expYear"] as const;
const FIELDS: ReadonlyArray<keyof Values> = [
  ...CARD_FIELDS,
  ...(["orderId", "amount", "currency", "description", "auth", "firstName", "lastName", "email", "phone"] as const),
  ...(["address", "country", "city", "zip", "saveCard", "recurringInit"] as const),
];

export function CardPaymentForm({ mode, orderId, onStarted }: { mode: CardMode; orderId: string; onStarted(r: NewPaymentResult): void }) {
  // How many fields the last submit found invalid: announced (role=alert) while focus goes to the first of them.
  const [invalidCount, setInvalidCount] = useState(0);
  // The route's own schema of this mode; zod and the schema are loaded on the first validation (the form is
  // mounted once per mode, see its key).
  const [resolver] = useState(
    // The two modes' schemas differ in fields; the form's values cover both.
    (): Resolver<Values> =>
      lazyZodResolver<Values>(() =>
        import("@/lib/schemas/new-payment").then(
          (m) => (mode === "s2s" ? m.s2sPaymentSchema : m.formPaymentSchema) as unknown as ZodType<Values, Values>,
        ),
      ),
  );
  const {
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      mode,
      orderId,
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

  const clearCard = () => {
    for (const f of CARD_FIELDS) setValue(f, "");
  };

  // The card number and CVV are wiped from the form whatever the answer (and the mutation forgets its values).
  const { submit, error } = useApiMutation({
    mutationFn: (values: Values) => apiFetch<NewPaymentResult>("/api/payments", { method: "POST", body: { ...values, mode } }),
    form: { setError: setFieldError, fields: FIELDS, shouldFocus: true },
    onSuccess: (r) => {
      clearCard();
      onStarted(r);
    },
    onError: clearCard,
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setInvalidCount(0);
      await submit(values);
    },
    (invalid) => setInvalidCount(Object.keys(invalid).length),
  );

  const card = { autoComplete: "off", inputMode: "numeric" as const, dir: "ltr" as const };
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6" aria-label="Card payment">
      {error && <Alert tone="error">{error}</Alert>}
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
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
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
        {mode === "form" && (
          <>
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
          </>
        )}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-base font-semibold">Card</legend>
        <InputField
          label="Card number"
          required
          wrapperClassName="sm:col-span-4"
          {...card}
          error={errors.cardNumber?.message}
          {...register("cardNumber")}
        />
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
      {mode === "form" && (
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
      )}
      <Button type="submit" variant="primary" loading={isSubmitting}>
        Take payment
      </Button>
    </form>
  );
}
