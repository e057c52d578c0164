// Schema of a new card payment taken by staff (phone and mail orders), shared by the form (react-hook-form
// resolver) and the route handler. Browser-safe. The card number and CVV pass through here on their way to the
// gateway only: no message built here ever contains them. Staff never choose the gateway's interface: saving the
// card or starting recurring needs the form interface's SALE (contract 4.1: save_token, recurring_init; the S2S
// sale of 4.10 has neither), which also needs the billing address; every other payment goes server-to-server.
import { z } from "./zod";
import { payerContactFields } from "./payer";
import { vmsg } from "./messages";
import { cardBrandOf, cardDigits, type CardBrand } from "../card-number";
import { luhnValid } from "../card-data";
import { billingAddressFields, billingAddressSchema } from "./billing-address";
import { CURRENCY_CODES, currencyDigits, decimalToMinor, isCurrencyCode, type CurrencyCode } from "../money";
import { emailAddress } from "./email";

export { cardBrandOf, cardDigits, type CardBrand } from "../card-number";
export { luhnValid } from "../card-data";

/** Amex has a 4-digit security code, every other brand 3. */
export const cvvLengthOf = (brand: CardBrand): number => (brand === "AMEX" ? 4 : 3);

export { newCardOrderId as newOrderId } from "./order-ids";

const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;

const common = {
  orderId: z.string().trim().regex(ORDER_ID, vmsg("orderId.format")),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,3})?$/, vmsg("amount.format")),
  currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], vmsg("currency.choose")),
  description: z.string().trim().min(1, vmsg("payment.describeOrder")).max(255),
  /** sale: take the money now; authorize: hold it for a later capture. */
  auth: z.enum(["sale", "authorize"], vmsg("payment.saleOrAuthorize")),
  firstName: payerContactFields.firstName,
  lastName: payerContactFields.lastName,
  email: emailAddress(vmsg("email.like")).max(254),
  phone: payerContactFields.phone,
  cardNumber: z.string().max(30, vmsg("card.numberLength")),
  expMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, vmsg("card.month")),
  expYear: z.string().regex(/^\d{4}$/, vmsg("card.year")),
  cvv: z.string().max(4, vmsg("card.cvvLength")),
};

/** Card and amount rules that need several fields (Luhn, expiry, CVV by brand, the currency's decimals). */
function checkCardAndAmount(
  v: { cardNumber: string; expMonth: string; expYear: string; cvv: string; amount: string; currency: string },
  ctx: z.RefinementCtx,
  now: Date,
) {
  const digits = cardDigits(v.cardNumber);
  if (!/^\d{12,19}$/.test(digits)) ctx.addIssue({ code: "custom", path: ["cardNumber"], message: vmsg("card.numberLength") });
  else if (!luhnValid(digits)) ctx.addIssue({ code: "custom", path: ["cardNumber"], message: vmsg("card.luhn") });
  const month = Number(v.expMonth);
  const year = Number(v.expYear);
  if (month >= 1 && month <= 12 && /^\d{4}$/.test(v.expYear)) {
    const y = now.getUTCFullYear();
    if (year < y || (year === y && month < now.getUTCMonth() + 1)) {
      ctx.addIssue({ code: "custom", path: ["expYear"], message: vmsg("card.expired") });
    } else if (year > y + 25) {
      ctx.addIssue({ code: "custom", path: ["expYear"], message: vmsg("card.checkExpiryYear") });
    }
  }
  const len = cvvLengthOf(cardBrandOf(digits));
  if (!new RegExp(`^\\d{${len}}$`).test(v.cvv)) {
    ctx.addIssue({ code: "custom", path: ["cvv"], message: vmsg("card.cvvDigits", { len }) });
  }
  if (isCurrencyCode(v.currency) && /^\d/.test(v.amount)) {
    const minor = decimalToMinor(v.amount, v.currency);
    if (minor === null) {
      const digitsAllowed = currencyDigits(v.currency);
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: vmsg("amount.decimals", { currency: v.currency, digits: digitsAllowed }),
      });
    } else if (minor <= 0) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: vmsg("amount.moreThanZero") });
    }
  }
}

/** The gateway interface a payment goes through: the form SALE when the card is saved or recurring starts. */
export type CardInterface = "s2s" | "form";
export const cardInterfaceOf = (v: { saveCard?: boolean; recurringInit?: boolean }): CardInterface =>
  v.saveCard || v.recurringInit ? "form" : "s2s";

/** The billing address is asked only when the form interface needs it: free text until then. */
const optionalText = z.string().trim().max(255).optional();

const paymentObject = z.object({
  ...common,
  /** save_token=Y: the gateway keeps the card for later charges (only when the customer asked for it). */
  saveCard: z.boolean().default(false),
  /** recurring_init=Y: the payment starts a recurring series. */
  recurringInit: z.boolean().default(false),
  address: optionalText,
  country: optionalText,
  city: optionalText,
  zip: optionalText,
});

export const newPaymentSchema = paymentObject.superRefine((v, ctx) => {
  checkCardAndAmount(v, ctx, new Date());
  if (cardInterfaceOf(v) === "s2s") return;
  const address = billingAddressSchema.safeParse({
    address: v.address ?? "",
    country: v.country ?? "",
    city: v.city ?? "",
    zip: v.zip ?? "",
  });
  if (!address.success) for (const i of address.error.issues) ctx.addIssue({ code: "custom", path: i.path, message: i.message });
});

/** The route's body (the boxes may be left out: not ticked). */
export type NewPaymentInput = z.input<typeof paymentObject>;
/** The form's values (every field a string or a box, the billing address included). */
export type NewPaymentValues = z.input<typeof paymentObject> & Record<keyof typeof billingAddressFields, string>;

/** What the server answers about a new payment (never card data beyond the last 4). */
export interface NewPaymentResult {
  paymentId: string;
  /** The order id staff read to the caller (the customer quotes it when they call back). */
  orderId: string;
  status: string;
  message: string;
  currency: string;
  amountMinor: number;
  /** Brand and last four only, for the result card's mask. */
  card: { brand: string | null; last4: string | null };
  /** Set when the customer must answer a 3-D Secure challenge: /api/payments/three-ds/<id> serves the page. */
  threeDsViewId: string | null;
}

export interface ConfirmedPayment {
  paymentId: string;
  status: string;
  currency: string;
  amountMinor: number;
  authorizedMinor: number;
  capturedMinor: number;
  declineReason: string | null;
  message: string;
}
