// Schemas of the saved-cards page: the lookup by the customer's e-mail and the "Charge this card" dialog.
import { z } from "./zod";
import { vmsg } from "./messages";
import { CURRENCY_CODES } from "@/lib/money";
import { billingAddressFields, type BillingAddress } from "./billing-address";
import { amountText, idempotencyKey } from "./payment-actions";
import { emailAddress } from "./email";
import { payerContactFields, type PayerContact } from "./payer";

/** The customer's e-mail in any case: the server asks the gateway for each spelling the ledger knows. */
export const savedCardsLookupSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(emailAddress(vmsg("email.customer")).max(254)),
});
export type SavedCardsLookup = z.infer<typeof savedCardsLookupSchema>;

export const orderIdText = z
  .string()
  .trim()
  .min(1, vmsg("orderId.enter"))
  .max(64, vmsg("orderId.max64"))
  .regex(/^[A-Za-z0-9_-]+$/, vmsg("orderId.linkFormat"));

export const descriptionText = z.string().trim().min(1, vmsg("text.enterDescription")).max(200, vmsg("text.description200"));

export const tokenChargeSchema = z.object({
  /** The card's own reference at the gateway (the exact spelling that saved it, from the lookup). */
  email: savedCardsLookupSchema.shape.email,
  cardToken: z.string().trim().min(1).max(200),
  amount: amountText,
  currency: z.enum(CURRENCY_CODES as [string, ...string[]], vmsg("currency.choose")),
  description: descriptionText,
  orderId: orderIdText,
  idempotencyKey,
  /** The SALE needs the payer's billing address: the dialog fills in the last one the ledger knows, editable. */
  ...billingAddressFields,
  /**
   * And the payer's name and phone: the dialog fills in those of the customer's latest payment, editable. A caller
   * may leave them out when the ledger has them; without either the charge is refused, never sent with made-up ones.
   */
  firstName: payerContactFields.firstName.optional(),
  lastName: payerContactFields.lastName.optional(),
  phone: payerContactFields.phone.optional(),
});
export type TokenChargeInput = z.infer<typeof tokenChargeSchema>;

/** The lookup's answer: the cards, and the billing address of the customer's latest payment that had one. */
export interface SavedCardsView {
  cards: SavedCardView[];
  billingAddress: BillingAddress | null;
  /** The name and phone of the customer's latest payment that had them (the dialog's suggestion), or null. */
  payer: PayerContact | null;
  /** The customer's page (/customers/[key]) when the ledger knows the e-mail and the reader may open it. */
  customerKey: string | null;
}

/** A saved card as the page shows it (the token stays opaque; it is only sent back to charge the card). */
export interface SavedCardView {
  /** The exact e-mail the gateway keeps the card under (a charge must send this spelling). */
  customerReference: string;
  cardToken: string;
  maskedCardNumber: string;
  /** For the one card mask (CardMask): the last four digits of the masked number, when it shows them. */
  last4: string | null;
  brand: string | null;
  expiry: string;
  active: boolean;
}

export { newOrderId } from "./order-ids";
