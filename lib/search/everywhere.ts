// What a search typed into the header box can mean. Staff paste or type whatever the caller reads out: an order id,
// a payment id, the RRN on the cardholder's statement, a card's last four, an e-mail, a phone in any spelling
// (+966 50 123 4567, 0501234567), an amount ("1,250.00", "SAR 275") or a name. Each reading becomes one indexed
// lookup on the server (server/services/search/), never a scan. Browser-safe: the header's hint and the server
// read the same rules.
import { amountGroups, searchAmounts } from "@/lib/transactions/search";
import type { CurrencyCode } from "@/lib/money";

/** Shortest text searched at all, and shortest searched as a part of a name, e-mail or order id (a trigram). */
export const SEARCH_MIN_LENGTH = 2;
export const CONTAINS_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;

export interface SearchTerms {
  /** The text as searched: trimmed, inner spaces collapsed, Arabic-Indic digits read as 0–9. */
  text: string;
  /** A whole UUID, lower-cased: a payment id (or the gateway's id, which is one too). */
  uuid: string | null;
  /** An exact e-mail address, lower-cased (the text has an @ and no space). */
  email: string | null;
  /** The last 8 digits of a phone number (8–15 digits, with +, spaces, dashes or brackets only). */
  phoneTail: string | null;
  /** 12 digits: a retrieval reference number. */
  rrn: string | null;
  /** Exactly 4 digits: a card's last four (also tried as an amount). */
  last4: string | null;
  /** An amount in each currency it can be written in. */
  amounts: Array<{ minor: number; currencies: CurrencyCode[] }>;
  /** Lower-cased text for "contains" on names, e-mails and order ids; null under CONTAINS_MIN_LENGTH characters, and
   * for a whole e-mail address (matched exactly). */
  contains: string | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_RE = /^\+?[\d\s\-().]{8,24}$/;

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9) digits as ASCII digits. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** The readings of a search; null when the text is too short to search. */
export function readSearch(raw: string): SearchTerms | null {
  const text = latinDigits(raw).replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  if (text.length < SEARCH_MIN_LENGTH) return null;
  const digits = text.replace(/\D/g, "");
  const onlyDigits = /^\d+$/.test(text);
  const phoneLike = PHONE_RE.test(text) && digits.length >= 8 && digits.length <= 15;
  const email = /^[^\s@]+@[^\s@]+$/.test(text) ? text.toLowerCase() : null;
  return {
    text,
    uuid: UUID_RE.test(text) ? text.toLowerCase() : null,
    email,
    phoneTail: phoneLike ? digits.slice(-8) : null,
    rrn: onlyDigits && text.length === 12 ? text : null,
    last4: onlyDigits && text.length === 4 ? text : null,
    amounts: amountGroups(searchAmounts(text) ?? []),
    // A whole e-mail address names one customer: matched exactly (its index), never as a part of names or other
    // addresses, whose trigrams ("com", "exa", "@ex") every address shares and would make the search read them all.
    contains: text.length >= CONTAINS_MIN_LENGTH && !email ? text.toLowerCase() : null,
  };
}
