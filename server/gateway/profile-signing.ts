// The hashes whose formula the gateway profile chooses (#16). Each is one of signing.ts's formulas; this file only
// says which, with which secret and which UPPER. No secrets held here: callers pass them in.
import type { GatewayProfile } from "./profile";
import { captureHash, creditvoidHash, recurringSaleHash, s2sSaleHash, saleHash, type CardParts } from "./signing";

/** The payer e-mail and card parts of the sale, which the family's card-bound formulas need. */
export interface SaleBinding {
  payerEmail?: string | null;
  card?: CardParts | null;
}

export class MissingHashInputError extends Error {
  override name = "MissingHashInputError";
}

function bindingOf(b: SaleBinding, what: string): { email: string; card: CardParts } {
  if (!b.payerEmail || !b.card) throw new MissingHashInputError(`${what} under this profile needs the sale's payer e-mail and card`);
  return { email: b.payerEmail, card: b.card };
}

/**
 * CREDITVOID: contract SHA1(MD5(UPPER(trans_id + amount + secret))); family (capture-style, e.g. the public Go
 * client go-platon signs CREDITVOID like CAPTURE) MD5(UPPER(REV(email) + secret + trans_id + REV(BIN6 + LAST4))).
 */
export function creditvoidHashFor(profile: GatewayProfile, p: { transId: string; amount: string; secret: string } & SaleBinding): string {
  if (profile.creditvoidHash === "contract") {
    return creditvoidHash({ transId: p.transId, amount: p.amount, secret: p.secret, upper: profile.upperCase });
  }
  const b = bindingOf(p, "CREDITVOID");
  return captureHash({ email: b.email, secret: p.secret, transId: p.transId, card: b.card, upper: profile.upperCase });
}

/**
 * RECURRING_SALE: the contract's SHA1(MD5(UPPER(first_id + token + order_id + amount + description + secret))), or
 * the family's SALE formula over the first payment's payer e-mail and card.
 */
export function recurringSaleHashFor(
  profile: GatewayProfile,
  p: { firstId: string; recurringToken: string; orderId: string; amount: string; description: string; secret: string } & SaleBinding,
): string {
  if (profile.recurringSaleHash === "contract") {
    return recurringSaleHash({
      firstTransId: p.firstId,
      recurringToken: p.recurringToken,
      orderId: p.orderId,
      amount: p.amount,
      description: p.description,
      secret: p.secret,
      upper: profile.upperCase,
    });
  }
  const b = bindingOf(p, "RECURRING_SALE");
  return saleHash({ email: b.email, secret: p.secret, card: b.card, upper: profile.upperCase });
}

/** S2S sale: the SALE formula keyed with the API key (contract) or with the merchant secret (family). */
export function s2sSaleHashFor(
  profile: GatewayProfile,
  p: { email: string; card: CardParts; apiKey: string; merchantSecret: string },
): string {
  const key = profile.s2sSaleSecret === "api_key" ? p.apiKey : p.merchantSecret;
  return s2sSaleHash({ email: p.email, apiKey: key, card: p.card, upper: profile.upperCase });
}
