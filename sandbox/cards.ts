// Test-card rules of the sandbox: Luhn, brand, what each expiry decides, and every masked form of a card.
// Protocol family: the expiry-driven outcomes (01 approve, 02 decline, 03 capture fails, 05/06 3-D Secure) mirror
// the family's sandbox engine.
import type { CardBrand, CardInfo, CardOutcome } from "./types";

export const TEST_CARDS = ["4111111111111111", "5123450000000008", "5111111111111118", "4508750015741019"] as const;

export const DECLINE = {
  issuer: "Transaction declined by issuer",
  notEnrolled: "Card not enrolled in the sandbox",
  badExpiry: "Invalid expiry date for test card",
  authFailed: "3-D Secure authentication failed",
  captureIssuer: "Capture declined by issuer",
  captureOver: "Capture amount exceeds the outstanding authorized amount",
} as const;

const OUTCOME_BY_MONTH: Record<string, CardOutcome> = {
  "01": "approve",
  "02": "decline",
  "03": "capture_declines",
  "05": "challenge_approve",
  "06": "challenge_decline",
};

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): CardBrand {
  if (number.startsWith("4")) return "VISA";
  if (number.startsWith("5")) return "MASTERCARD";
  return "UNKNOWN";
}

export interface CardInput {
  number: string | undefined;
  expMonth: string | undefined;
  expYear: string | undefined;
  cvv: string | undefined;
  holder: string;
}

export interface CardFieldNames {
  number: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

export type CardCheck = { ok: true; card: CardInfo } | { ok: false; errors: string[] };

/**
 * Validate card data (a failure is a request error, not a decline) and decide the outcome. Non-Luhn numbers and
 * malformed fields are errors; unknown cards and wrong expiries are valid requests that will be declined.
 * A merchant's request is read exactly as the contract writes the fields (4.1, 4.10): the number in digits only, the
 * month `MM`, the year `YYYY`, so that a client sending `4111 1111 1111 1111` or `5` fails here, not at the gateway.
 * `typed`: the hosted payment page's own form, where a person types the card (spaces, a one-digit month), which the
 * gateway's page tidies itself.
 */
export function checkCard(input: CardInput, names: CardFieldNames, opts: { typed?: boolean } = {}): CardCheck {
  const errors: string[] = [];
  const tidy = (v: string | undefined) => (opts.typed ? (v ?? "").trim() : (v ?? ""));
  const number = opts.typed ? (input.number ?? "").replace(/[\s-]/g, "") : (input.number ?? "");
  if (!number) errors.push(`${names.number}: is required`);
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.push(`${names.number}: invalid card number`);
  const month = tidy(input.expMonth);
  if (!(opts.typed ? /^\d{1,2}$/ : /^\d{2}$/).test(month) || Number(month) < 1 || Number(month) > 12) {
    errors.push(`${names.expMonth}: must be a month MM`);
  }
  const year = tidy(input.expYear);
  if (!/^\d{4}$/.test(year)) errors.push(`${names.expYear}: must be a year YYYY`);
  if (!/^\d{3,4}$/.test(tidy(input.cvv))) errors.push(`${names.cvv}: must be 3 or 4 digits`);
  if (errors.length) return { ok: false, errors };
  const expMonth = month.padStart(2, "0");
  return { ok: true, card: cardInfo(number, expMonth, year, input.holder) };
}

function cardInfo(number: string, expMonth: string, expYear: string, holder: string): CardInfo {
  const base = {
    bin6: number.slice(0, 6),
    last4: number.slice(-4),
    length: number.length,
    brand: brandOf(number),
    expMonth,
    expYear,
    holder,
  };
  if (!(TEST_CARDS as readonly string[]).includes(number)) {
    return { ...base, outcome: "decline", declineReason: DECLINE.notEnrolled };
  }
  const outcome = expYear === "2038" ? OUTCOME_BY_MONTH[expMonth] : undefined;
  if (!outcome) return { ...base, outcome: "decline", declineReason: DECLINE.badExpiry };
  return { ...base, outcome, declineReason: outcome === "decline" ? DECLINE.issuer : null };
}

export function needsChallenge(card: CardInfo): boolean {
  return card.outcome === "challenge_approve" || card.outcome === "challenge_decline";
}

function middle(card: CardInfo, ch: string): string {
  return ch.repeat(Math.max(card.length - 10, 0));
}

/** Callback form (protocol family): `411111XXXXXX1111`. */
export function maskForCallback(card: CardInfo): string {
  return card.bin6 + middle(card, "X") + card.last4;
}

/** Saved-cards form: `411111******1111`. */
export function maskForSavedCard(card: CardInfo): string {
  return card.bin6 + middle(card, "*") + card.last4;
}

/** Transaction-details form: first six and last four visible, grouped by four: `4111 11** **** 1111`. */
export function maskForDetails(card: CardInfo): string {
  const flat = card.bin6 + middle(card, "*") + card.last4;
  return flat.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The only form a log line may carry. */
export function maskForLog(number: string): string {
  const digits = number.replace(/\D/g, "");
  return digits.length >= 10 ? `${digits.slice(0, 6)}****${digits.slice(-4)}` : "****";
}

/** Scheme code of the details record (value seen: `VC`). */
export function schemeCode(brand: CardBrand): string {
  return brand === "VISA" ? "VC" : brand === "MASTERCARD" ? "MC" : "XX";
}

/** Brand as the saved-cards sample spells it (`Visa`, `Mastercard`). */
export function brandLabel(brand: CardBrand): string {
  return brand === "VISA" ? "Visa" : brand === "MASTERCARD" ? "Mastercard" : "Unknown";
}
