// Building blocks shared by the operation modules: input schemas for money, cards and payers, the wire encodings of
// amounts and flags, and lenient response pieces. Inputs are validated strictly (a bad input is a programming
// error: `parse` throws a ZodError); responses leniently (extra fields allowed, unknown status words kept).
import { z } from "zod";
import { CURRENCY_CODES, toGatewayAmount, type CurrencyCode, type Money } from "@/lib/money";
import { emailAddress } from "@/lib/schemas/email";
import type { GatewayProfile } from "../profile";

export const moneySchema = z.object({
  minor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]),
});

export const nonEmpty = z.string().trim().min(1);
export const idSchema = z.string().trim().min(1).max(255);
export const emailSchema = emailAddress();
export const urlSchema = z.url({ protocol: /^https?$/ });

/** A full card as the customer typed it; spaces and dashes are dropped before sending. */
export const cardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "card number: 12 to 19 digits")),
  expMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, "expiry month: MM"),
  expYear: z.string().regex(/^\d{4}$/, "expiry year: YYYY"),
  cvv: z.string().regex(/^\d{3,4}$/, "CVV: 3 or 4 digits"),
});

/** BIN6 and LAST4 as the ledger stores them (CAPTURE and VOID hashes need them). */
export const cardPartsSchema = z.object({
  bin6: z.string().regex(/^\d{6}$/),
  last4: z.string().regex(/^\d{4}$/),
});

export const yn = (flag: boolean): "Y" | "N" => (flag ? "Y" : "N");

/**
 * An amount the profile cannot write (GATEWAY_AMOUNT_DECIMALS=two and a third decimal). The services refuse such an
 * amount before anything is stored (server/services/payments/gateway-amount.ts); this is the client's own guard.
 */
export class AmountNotWritableError extends Error {
  override name = "AmountNotWritableError";
}

/**
 * The gateway's amount string: THE conversion of lib/money.ts, in the profile's decimals. The string returned is
 * sent and hashed. Throws AmountNotWritableError rather than round.
 */
export function wireAmount(m: Money, profile: Pick<GatewayProfile, "amountDecimals">): string {
  const text = toGatewayAmount(m, profile.amountDecimals);
  if (text === null) throw new AmountNotWritableError(`${m.minor} ${m.currency} cannot be written with two decimal places`);
  return text;
}

/**
 * JSON `decimal`/`number` fields (initiate, S2S sale, recurring v2; none is hashed): the exact decimal string of
 * wireAmount read as a JSON number. A decimal of at most 15 significant digits round-trips exactly through a
 * double, so JSON.stringify writes the same value back (trailing zeros dropped: 10.50 → 10.5).
 */
export const jsonAmount = (m: Money, profile: Pick<GatewayProfile, "amountDecimals">): number => Number(wireAmount(m, profile));

/** Path segment from an id: percent-encoded, so an id can never change the path. */
export const seg = (id: string): string => encodeURIComponent(id);

/** An optional string that may also be null on the wire. */
export const optStr = z.string().nullish();

/** Page object of the JSON interface's searches (contract 2.15). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    content: z.array(item),
    number: z.number().int().optional(),
    size: z.number().int().optional(),
    totalElements: z.number().int().optional(),
    totalPages: z.number().int().optional(),
    hasContent: z.boolean().optional(),
    numberOfElements: z.number().int().optional(),
    first: z.boolean().optional(),
    last: z.boolean().optional(),
  });
}
