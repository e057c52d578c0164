// AUTH_HOLD_DAYS: how long an issuer keeps an authorization before releasing it, per card brand, so the Captures
// screen can count down to each authorization's expiry (and SETTLEMENT_LAG_DAYS, read the same way: how long after a
// capture the acquirer's settlement file is expected to list it). "default=7,mada=5,VISA=5" → 7 days for every brand not
// listed. Brands are matched as people spell them (lib/card-label.ts: "visa", "VISA", "Visa" are one brand).
// Safe for scripts to import (no secret here).
import { brandLabel } from "../lib/card-label";

export const DEFAULT_AUTH_HOLD_DAYS = 7;
/** Days after a capture by which an acquirer's settlement file lists it (T+1 or T+2, and a weekend on top). */
export const DEFAULT_SETTLEMENT_LAG_DAYS = 4;
/** Beyond 30 days no scheme keeps an ordinary authorization: a larger figure is a typo. */
const MAX_HOLD_DAYS = 30;

/** Days per card brand: AUTH_HOLD_DAYS and SETTLEMENT_LAG_DAYS. */
export interface DaysPerBrand {
  defaultDays: number;
  /** Keyed by the brand's label (brandLabel): "VISA", "Mastercard", "mada". */
  byBrand: Record<string, number>;
}

export type AuthHoldConfig = DaysPerBrand;

/** Parses AUTH_HOLD_DAYS; throws a message naming the bad part (the caller wraps it as a configuration error). */
export function parseAuthHold(text: string): AuthHoldConfig {
  return parseDaysPerBrand("AUTH_HOLD_DAYS", text, DEFAULT_AUTH_HOLD_DAYS, MAX_HOLD_DAYS);
}

/** Days per card brand, "default=N,BRAND=N,…" (AUTH_HOLD_DAYS, SETTLEMENT_LAG_DAYS), each 1 to `maxDays`. */
export function parseDaysPerBrand(variable: string, text: string, defaultDays: number, maxDays: number): DaysPerBrand {
  const out: DaysPerBrand = { defaultDays, byBrand: {} };
  const seen = new Set<string>();
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z][A-Za-z ]{0,30})\s*=\s*(\d{1,2})$/.exec(part);
    const days = m ? Number(m[2]) : NaN;
    if (!m || days < 1 || days > maxDays) {
      throw new Error(`${variable}: "${part}" is not BRAND=DAYS (whole days, 1 to ${maxDays}; "default=${defaultDays}" for the rest)`);
    }
    const name = m[1]!.trim();
    const key = name.toLowerCase() === "default" ? "default" : brandLabel(name);
    if (!key) throw new Error(`${variable}: "${name}" is not a card brand`);
    if (seen.has(key)) throw new Error(`${variable}: ${name} is listed twice`);
    seen.add(key);
    if (key === "default") out.defaultDays = days;
    else out.byBrand[key] = days;
  }
  return out;
}

/** The hold period of a card's brand, in days (the default for an unknown or missing brand). */
export function holdDaysFor(config: AuthHoldConfig, brand: string | null | undefined): number {
  const key = brandLabel(brand);
  return (key && config.byBrand[key]) || config.defaultDays;
}

/** When an authorization made at `authorizedAt` is released by the issuer, per the configured hold period. */
export function authorizationExpiry(config: AuthHoldConfig, brand: string | null | undefined, authorizedAt: Date): Date {
  return new Date(authorizedAt.getTime() + holdDaysFor(config, brand) * 86_400_000);
}
