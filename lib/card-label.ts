// One spelling of card brands and one card mask for every screen: "VISA •••• 1111", "Mastercard •••• 4444",
// "mada •••• 0003". The ledger holds whatever the gateway or our own BIN check wrote ("visa", "MASTERCARD",
// "MasterCard", "MADA"); people see one form of each. The BIN (first six) is shown only where a person needs
// it to tell two cards of one customer apart (the payment's page), never in lists. Browser-safe and pure.

const BRANDS: Record<string, string> = {
  VISA: "VISA",
  VC: "VISA", // the gateway's transaction details name VISA "VC" (cardScheme)
  MASTERCARD: "Mastercard",
  MC: "Mastercard",
  AMEX: "American Express",
  AMERICANEXPRESS: "American Express",
  MADA: "mada",
  DISCOVER: "Discover",
  DINERS: "Diners Club",
  DINERSCLUB: "Diners Club",
  JCB: "JCB",
  UNIONPAY: "UnionPay",
  CUP: "UnionPay",
  MAESTRO: "Maestro",
};

/** Spellings that name the same brand as another key (the ledger's migration 0020 holds the same table). */
const ALIASES: Record<string, string> = { VC: "VISA", MC: "MASTERCARD", AMERICANEXPRESS: "AMEX", DINERSCLUB: "DINERS", CUP: "UNIONPAY" };

/**
 * One key per brand however it is spelt ("VC", "Visa", "visa" → "VISA"), or null for none, "OTHER" or "UNKNOWN".
 * The SQL function ledger_brand_key (the rollup's brand column, the list's brand filter) computes the same.
 */
export function brandKey(raw: string | null | undefined): string | null {
  const key = (raw ?? "").toUpperCase().replace(/[^A-Z]/g, "");
  if (key === "" || key === "OTHER" || key === "UNKNOWN") return null;
  return ALIASES[key] ?? key;
}

/** The brand as people read it, or null for an unknown or empty brand ("OTHER" included). */
export function brandLabel(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const key = raw.toUpperCase().replace(/[^A-Z]/g, "");
  if (key === "" || key === "OTHER" || key === "UNKNOWN") return null;
  return BRANDS[key] ?? raw.trim();
}

export interface CardParts {
  brand?: string | null;
  last4?: string | null;
  bin6?: string | null;
}

/**
 * "VISA •••• 1111"; with `withBin`, "VISA 4111 11•• •••• 1111". "Card •••• 1111" when the brand is unknown, and
 * null when the ledger has no last four (nothing to show).
 */
export function cardLabel(card: CardParts, options: { withBin?: boolean } = {}): string | null {
  const last4 = card.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : null;
  if (!last4) return null;
  const brand = brandLabel(card.brand) ?? "Card";
  const bin = options.withBin && card.bin6 && /^\d{6}$/.test(card.bin6) ? card.bin6 : null;
  return bin ? `${brand} ${bin.slice(0, 4)} ${bin.slice(4)}•• •••• ${last4}` : `${brand} •••• ${last4}`;
}
