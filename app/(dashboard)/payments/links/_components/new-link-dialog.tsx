"use client";
// The "New payment link" dialog: the customer's details, the amount, a product line and the invoice dates
// (contract 4.9; the defaults of section 8 are shown), validated with the same schema as the route handler. On
// success the link is shown with a copy button and a QR code, and the list behind the dialog refreshes. Loaded
// only when staff open it (new-link-button.tsx), so the list page does not carry the form's code.
import { CurrencyOptions } from "@/components/ui/currency-options";
import { useTranslations } from "next-intl";
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
import { useDisplayZone } from "@/components/i18n/ui-prefs";
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
  const t = useTranslations("links.new");
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
    fallbackMessage: t("failed"),
    invalidate: [queryKeys.paymentLinks()],
    refresh: "always", // a link the gateway refused is listed as "not created"
    onSuccess: setCreated,
  });
  const [currency, issueDate, expireDate] = useWatch({ control, name: ["currency", "issueDate", "expireDate"] });
  // A link's days are the business zone's, whatever clock the person reads (lib/i18n/display-zone.ts).
  const { business } = useDisplayZone();
  const defaults = linkDates({ issueDate: issueDate || undefined }, new Date(), business);
  const digits = currencyDigits(currency);

  const onSubmit = handleSubmit(submit);

  return (
    <Dialog
      open
      onClose={onClose}
      busy={isSubmitting}
      size="lg"
      title={created ? t("createdTitle") : t("title")}
      footer={
        created ? (
          <Button onClick={onClose}>{t("done")}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
              {t("cancel")}
            </Button>
            <Button type="submit" form="new-link-form" loading={isSubmitting}>
              {t("create")}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="space-y-3 text-sm">
          <Alert tone="success">
            {t.rich("ready", {
              zone: business,
              id: () => <bdi dir="ltr">{created.orderId}</bdi>,
              date: () => (
                <bdi dir="ltr" className="whitespace-nowrap">
                  {created.expireDate}
                </bdi>
              ),
            })}
          </Alert>
          <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
            <code className="min-w-0 flex-1 break-all text-xs" data-testid="payment-link-url">
              {created.url}
            </code>
            <CopyButton value={created.url} label={t("copyLabel")} />
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
            label={t("description")}
            autoComplete="off"
            wrapperClassName="sm:col-span-2"
            hint={t("descriptionHint")}
            maxLength={200}
            error={errors.description?.message}
            {...register("description")}
          />
          <InputField
            label={t("orderId")}
            required
            autoComplete="off"
            dir="ltr"
            hint={
              <>
                {t("orderIdHint")}{" "}
                <button
                  type="button"
                  className="text-brand-700 underline"
                  onClick={() => setValue("orderId", newLinkOrderId(), { shouldValidate: true })}
                >
                  {t("newId")}
                </button>
              </>
            }
            error={errors.orderId?.message}
            {...register("orderId")}
          />
          <SelectField label={t("type")} required error={errors.auth?.message} {...register("auth")}>
            <option value="sale">{t("typeSale")}</option>
            <option value="authorize">{t("typeAuthorize")}</option>
          </SelectField>
          <InputField
            label={t("amount")}
            required
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            hint={digits === 0 ? t("amountNoDecimals", { currency }) : t("amountDecimals", { digits, currency })}
            error={errors.amount?.message}
            {...register("amount")}
          />
          <SelectField label={t("currency")} required error={errors.currency?.message} {...register("currency")}>
            <CurrencyOptions />
          </SelectField>
          <InputField
            label={t("customerName")}
            required
            autoComplete="off"
            error={errors.customerName?.message}
            {...register("customerName")}
          />
          <InputField
            label={t("email")}
            type="email"
            required
            autoComplete="off"
            dir="ltr"
            error={errors.email?.message}
            {...register("email")}
          />
          <InputField
            label={t("phone")}
            type="tel"
            required
            autoComplete="off"
            dir="ltr"
            hint={t("phoneHint")}
            error={errors.phone?.message}
            {...register("phone")}
          />
          <div />
          <InputField
            label={t("issueDate")}
            type="date"
            hint={t.rich("issueDateHint", {
              zone: business,
              date: () => (
                <bdi dir="ltr" className="whitespace-nowrap">
                  {defaults.issueDate}
                </bdi>
              ),
            })}
            error={errors.issueDate?.message}
            {...register("issueDate")}
          />
          <InputField
            label={t("expireDate")}
            type="date"
            hint={
              expireDate
                ? t("expireDateHint")
                : t.rich("expireDateDefault", {
                    date: () => (
                      <bdi dir="ltr" className="whitespace-nowrap">
                        {defaults.expireDate}
                      </bdi>
                    ),
                  })
            }
            error={errors.expireDate?.message}
            {...register("expireDate")}
          />
          <details className="sm:col-span-2">
            <summary className="cursor-pointer text-sm font-medium">{t("identity")}</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <InputField label={t("idNumber")} autoComplete="off" error={errors.idNumber?.message} {...register("idNumber")} />
              <InputField
                label={t("idType")}
                autoComplete="off"
                hint={t("idTypeHint")}
                error={errors.idType?.message}
                {...register("idType")}
              />
              <InputField label={t("taxNumber")} autoComplete="off" error={errors.taxNumber?.message} {...register("taxNumber")} />
              <InputField
                label={t("country")}
                autoComplete="off"
                hint={t("countryHint")}
                maxLength={2}
                error={errors.country?.message}
                {...register("country")}
              />
              <InputField label={t("state")} autoComplete="off" error={errors.state?.message} {...register("state")} />
              <InputField label={t("city")} autoComplete="off" error={errors.city?.message} {...register("city")} />
              <InputField label={t("address")} autoComplete="off" error={errors.address?.message} {...register("address")} />
              <InputField label={t("zip")} autoComplete="off" error={errors.zip?.message} {...register("zip")} />
            </div>
          </details>
          <CheckboxField
            wrapperClassName="sm:col-span-2"
            label={t("recurringInit")}
            hint={t("recurringInitHint")}
            {...register("recurringInit")}
          />
        </form>
      )}
    </Dialog>
  );
}
