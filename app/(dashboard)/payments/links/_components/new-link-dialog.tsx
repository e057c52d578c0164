"use client";
// The "New payment link" dialog: the customer's details, the amount, a product line and the invoice dates
// (contract 4.9; the defaults of section 8 are shown), validated with the same schema as the route handler. On
// success the link is shown with a copy button and a QR code, and the list behind the dialog refreshes. Loaded
// only when staff open it (new-link-button.tsx), so the list page does not carry the form's code.
import { CurrencyOptions } from "@/components/ui/currency-options";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { currencyDigits } from "@/lib/money";
import type { CreateLinkFormValues, CreateLinkInput, CreatedLinkView } from "@/lib/schemas/payment-links";
import { linkDates, newLinkOrderId } from "@/lib/schemas/payment-links-values";
import { LinkQr } from "./link-qr";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { queryKeys } from "@/lib/query-keys";
import { useApiMutation } from "@/lib/use-api-mutation";

const blank = (): CreateLinkFormValues => ({
  orderId: newLinkOrderId(),
  amount: "",
  currency: "SAR",
  auth: "sale",
  customerName: "",
  email: "",
  phone: "+966",
  idNumber: "",
  idType: "",
  taxNumber: "",
  country: "",
  state: "",
  city: "",
  address: "",
  zip: "",
  issueDate: "",
  expireDate: "",
  recurringInit: false,
  description: "",
});
const FIELDS = Object.keys(blank()) as Array<keyof CreateLinkFormValues>;

export function NewLinkDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedLinkView | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateLinkFormValues, unknown, CreateLinkInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/payment-links").then((m) => m.createLinkSchema)),
    defaultValues: blank(),
  });
  const { submit, error } = useApiMutation({
    mutationFn: (values: CreateLinkInput) => apiFetch<CreatedLinkView>("/api/payments/links", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: FIELDS },
    fallbackMessage: "The payment link could not be created.",
    invalidate: [queryKeys.paymentLinks()],
    refresh: "always", // a link the gateway refused is listed as "not created"
    onSuccess: setCreated,
  });
  const [currency, issueDate, expireDate] = useWatch({ control, name: ["currency", "issueDate", "expireDate"] });
  const defaults = linkDates({ issueDate: issueDate || undefined });
  const digits = currencyDigits(currency);

  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={onClose}
      busy={isSubmitting}
      size="lg"
      title={created ? "Payment link created" : "New payment link"}
      footer={
        created ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" form="new-link-form" loading={isSubmitting}>
              Create link
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="space-y-3 text-sm">
          <Alert tone="success">
            The link for order <bdi dir="ltr">{created.orderId}</bdi> is ready. Send it to the customer; it can be paid until{" "}
            <bdi dir="ltr">{created.expireDate}</bdi> (UTC).
          </Alert>
          <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
            <code className="min-w-0 flex-1 break-all text-xs" data-testid="payment-link-url">
              {created.url}
            </code>
            <CopyButton value={created.url} label="Copy the payment link" />
          </div>
          <LinkQr url={created.url} orderId={created.orderId} />
        </div>
      ) : (
        <form id="new-link-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          {error && (
            <Alert tone="error" className="sm:col-span-2">
              {error}
            </Alert>
          )}
          <InputField
            label="Description"
            autoComplete="off"
            wrapperClassName="sm:col-span-2"
            hint="The product or service, e.g. “Annual membership”. Shown in the list and on the customer's return page (the gateway's checkout page has no place for it)."
            maxLength={200}
            error={errors.description?.message}
            {...register("description")}
          />
          <InputField
            label="Order id"
            required
            autoComplete="off"
            dir="ltr"
            hint={
              <>
                Generated; edit it if your order has its own id.{" "}
                <button
                  type="button"
                  className="text-brand-700 underline"
                  onClick={() => setValue("orderId", newLinkOrderId(), { shouldValidate: true })}
                >
                  New id
                </button>
              </>
            }
            error={errors.orderId?.message}
            {...register("orderId")}
          />
          <SelectField label="Type" required error={errors.auth?.message} {...register("auth")}>
            <option value="sale">Sale (charge now)</option>
            <option value="authorize">Authorize only (capture later)</option>
          </SelectField>
          <InputField
            label="Amount"
            required
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            hint={digits === 0 ? `${currency} has no decimals.` : `Up to ${digits} decimals for ${currency}.`}
            error={errors.amount?.message}
            {...register("amount")}
          />
          <SelectField label="Currency" required error={errors.currency?.message} {...register("currency")}>
            <CurrencyOptions />
          </SelectField>
          <InputField
            label="Customer name"
            required
            autoComplete="off"
            error={errors.customerName?.message}
            {...register("customerName")}
          />
          <InputField
            label="Customer e-mail"
            type="email"
            required
            autoComplete="off"
            dir="ltr"
            error={errors.email?.message}
            {...register("email")}
          />
          <InputField
            label="Customer phone"
            type="tel"
            required
            autoComplete="off"
            dir="ltr"
            hint="With the country code, e.g. +966501234567."
            error={errors.phone?.message}
            {...register("phone")}
          />
          <div />
          <InputField
            label="Issue date"
            type="date"
            hint={`Empty: today, ${defaults.issueDate} (UTC).`}
            error={errors.issueDate?.message}
            {...register("issueDate")}
          />
          <InputField
            label="Expiry date"
            type="date"
            hint={expireDate ? "The link cannot be paid after this day." : `Empty: 7 days after the issue date, ${defaults.expireDate}.`}
            error={errors.expireDate?.message}
            {...register("expireDate")}
          />
          <details className="sm:col-span-2">
            <summary className="cursor-pointer text-sm font-medium">Customer identity and address (optional)</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <InputField label="ID number" autoComplete="off" error={errors.idNumber?.message} {...register("idNumber")} />
              <InputField
                label="ID type"
                autoComplete="off"
                hint="e.g. passport or national id"
                error={errors.idType?.message}
                {...register("idType")}
              />
              <InputField label="Tax number" autoComplete="off" error={errors.taxNumber?.message} {...register("taxNumber")} />
              <InputField
                label="Country"
                autoComplete="off"
                hint="Two-letter code, e.g. SA."
                maxLength={2}
                error={errors.country?.message}
                {...register("country")}
              />
              <InputField label="State / region" autoComplete="off" error={errors.state?.message} {...register("state")} />
              <InputField label="City" autoComplete="off" error={errors.city?.message} {...register("city")} />
              <InputField label="Address" autoComplete="off" error={errors.address?.message} {...register("address")} />
              <InputField label="Postal code" autoComplete="off" error={errors.zip?.message} {...register("zip")} />
            </div>
          </details>
          <CheckboxField
            wrapperClassName="sm:col-span-2"
            label="Start recurring payments with this payment"
            hint="The gateway returns a recurring token after the customer pays."
            {...register("recurringInit")}
          />
        </form>
      )}
    </Dialog>
  );
}
