// What the list's free-text search can also mean besides an id or e-mail fragment: an amount ("275.50", "275",
// "SAR 275.50", "1,250.00", in the currency's own units) or a card's last four digits ("1111"). Browser-safe so
// the form's hint and the server read the same rules.
import { CURRENCY_CODES, decimalToMinor, isCurrencyCode, type CurrencyCode } from "@/lib/money";

/** Minor units per currency for an amount typed in the search, or null when the text is not an amount. */
export function searchAmounts(search: string, onlyCurrency?: CurrencyCode): Array<{ currency: CurrencyCode; minor: number }> | null {
  const m = /^(?:([A-Za-z]{3})\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/.exec(search.trim());
  if (!m) return null;
  const code = m[1]?.toUpperCase();
  if (code !== undefined && !isCurrencyCode(code)) return null;
  if (code && onlyCurrency && code !== onlyCurrency) return [];
  const text = `${m[2]!.replace(/,/g, "")}${m[3] ?? ""}`;
  const currencies = code ? [code as CurrencyCode] : onlyCurrency ? [onlyCurrency] : CURRENCY_CODES;
  const out: Array<{ currency: CurrencyCode; minor: number }> = [];
  for (const currency of currencies) {
    const minor = decimalToMinor(text, currency);
    if (minor !== null) out.push({ currency, minor });
  }
  return out;
}

/** The same amounts grouped by value: one (minor, currencies) pair per distinct number of decimals. */
export function amountGroups(
  amounts: Array<{ currency: CurrencyCode; minor: number }>,
): Array<{ minor: number; currencies: CurrencyCode[] }> {
  const byMinor = new Map<number, CurrencyCode[]>();
  for (const a of amounts) byMinor.set(a.minor, [...(byMinor.get(a.minor) ?? []), a.currency]);
  return [...byMinor].map(([minor, currencies]) => ({ minor, currencies }));
}

/** Four digits: a card's last four (also tried as an amount). */
export function isLast4(search: string): boolean {
  return /^\d{4}$/.test(search.trim());
}
