// The ISO 4217 codes the dashboard handles, in the order the currency selects list them (SAR first). A module of its
// own so that a select's options do not bring lib/money.ts's tables and formatting into a page's first load.
const CODES = ["SAR", "USD", "EUR", "GBP", "AED", "EGP", "KWD", "BHD", "OMR", "JOD", "JPY"] as const;
export type CurrencyCode = (typeof CODES)[number];
export const CURRENCY_CODES: CurrencyCode[] = [...CODES];
