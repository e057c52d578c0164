// Payment links (hosted checkout, contract 4.9): the one schema shared by the "New payment link" form and the
// route handler, the invoice-date defaults of contract section 8, and the link status shown to staff. Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { CURRENCY_CODES, currencyDigits, decimalToMinor, isCurrencyCode, type CurrencyCode } from "@/lib/money";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { addDays, isoDay, linkDates, newLinkOrderId } from "./payment-links-values";
import { emailAddress } from "./email";

export { addDays, isoDay, linkDates, newLinkOrderId };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(v: string): boolean {
  return ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && addDays(v, 0) === v;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, vmsg("text.atMost", { max }))
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isRealDate(v), vmsg("date.isoFormat"))
  .transform((v) => (v ? v : undefined));

export const LINK_AUTH = ["sale", "authorize"] as const;

export const createLinkSchema = z
  .object({
    orderId: z
      .string()
      .trim()
      .min(1, vmsg("orderId.enter"))
      .max(64, vmsg("text.atMost64"))
      .regex(/^[A-Za-z0-9_-]+$/, vmsg("orderId.linkFormat")),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,13}(\.\d+)?$/, vmsg("amount.format")),
    currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], vmsg("currency.choose")),
    auth: z.enum(LINK_AUTH, vmsg("payment.saleOrAuthorizeOnly")),
    customerName: z.string().trim().min(1, vmsg("links.customerName")).max(120, vmsg("text.atMost120")),
    email: z
      .string()
      .trim()
      .pipe(emailAddress(vmsg("email.validAddress"))),
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, vmsg("phone.withCodeLike"))),
    idNumber: optionalText(64),
    idType: optionalText(32),
    taxNumber: optionalText(64),
    country: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[A-Za-z]{2}$/.test(v), vmsg("address.countryCodeLike"))
      .transform((v) => (v ? v.toUpperCase() : undefined)),
    state: optionalText(64),
    city: optionalText(64),
    address: optionalText(200),
    zip: optionalText(16),
    issueDate: optionalDate,
    expireDate: optionalDate,
    recurringInit: z.boolean().default(false),
    /** The product line shown in the list and on the customer's return page (contract 4.9 has no field for it). */
    description: optionalText(200),
  })
  .superRefine((v, ctx) => {
    if (isCurrencyCode(v.currency) && /^\d/.test(v.amount)) {
      const digits = currencyDigits(v.currency);
      const frac = v.amount.split(".")[1] ?? "";
      const minor = decimalToMinor(v.amount, v.currency);
      if (frac.length > digits || minor === null) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message:
            digits === 0 ? `${v.currency} has no decimals: enter a whole amount.` : `${v.currency} takes at most ${digits} decimals.`,
        });
      } else if (minor <= 0) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: vmsg("amount.moreThanZero") });
      }
    }
    // The shape of the dates only, with no business zone at hand (the browser's form, the API's body): the earliest
    // "today" is the one of the zone furthest behind, so no day that is still today somewhere is refused here. The
    // service checks again in the business zone (create-link.ts).
    const { issueDate, expireDate } = linkDates(v, new Date(), "Etc/GMT+12");
    if (v.expireDate && expireDate < issueDate) {
      ctx.addIssue({ code: "custom", path: ["expireDate"], message: vmsg("links.expiryBeforeIssue") });
    }
    if (v.expireDate && expireDate < todayInZone("Etc/GMT+12")) {
      ctx.addIssue({ code: "custom", path: ["expireDate"], message: vmsg("links.expiryInPast") });
    }
  });

export type CreateLinkFormValues = z.input<typeof createLinkSchema>;
export type CreateLinkInput = z.output<typeof createLinkSchema>;

/** The answer of POST /api/payments/links. */
export interface CreatedLinkView {
  paymentId: string;
  orderId: string;
  url: string;
  issueDate: string;
  expireDate: string;
}
