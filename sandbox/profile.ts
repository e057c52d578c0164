// The sandbox's reading of the gateway profile (#16), written again from the README's configuration table (it never
// imports the app): GATEWAY_PROFILE = contract (default) or family, then one variable per item. The sandbox verifies
// each request the way the profile says the gateway does, so the whole suite can run under either profile.
import type { CaseMode } from "./hashes";

export interface SandboxProfile {
  name: "contract" | "family";
  /** CREDITVOID: `contract` SHA1(MD5(UPPER(trans_id + amount + secret))), `capture` the CAPTURE formula. */
  creditvoidHash: "contract" | "capture";
  /** RECURRING_SALE: `contract` SHA1(MD5(...)), `sale` the SALE formula with the first payment's e-mail and card. */
  recurringSaleHash: "contract" | "sale";
  /** Key of the S2S sale hash: the X-API-KEY (`api_key`) or the merchant secret. */
  s2sSaleSecret: "api_key" | "merchant_secret";
  /** What recurring_first_trans_id names: the first payment's trans_id or its order_id. */
  recurringFirstId: "trans_id" | "order_id";
  caseMode: CaseMode;
  /** payer_zip longer than this is refused. */
  payerZipMaxLength: number;
  /** The e-mail CAPTURE and VOID are signed with: the sale's payer's, or the merchant's (MERCHANT_EMAIL). */
  captureHashEmail: "payer" | "merchant";
  merchantEmail: string | null;
  /** Decimal places of amounts in 0- and 3-decimal currencies: the ISO exponent, or always two. */
  amountDecimals: "iso" | "two";
}

const PRESETS: Record<SandboxProfile["name"], SandboxProfile> = {
  contract: {
    name: "contract",
    creditvoidHash: "contract",
    recurringSaleHash: "contract",
    s2sSaleSecret: "api_key",
    recurringFirstId: "trans_id",
    caseMode: "ascii",
    payerZipMaxLength: 20,
    captureHashEmail: "payer",
    merchantEmail: null,
    amountDecimals: "iso",
  },
  family: {
    name: "family",
    creditvoidHash: "capture",
    recurringSaleHash: "sale",
    s2sSaleSecret: "merchant_secret",
    recurringFirstId: "order_id",
    caseMode: "unicode",
    payerZipMaxLength: 10,
    captureHashEmail: "payer",
    merchantEmail: null,
    amountDecimals: "iso",
  },
};

function pick<T extends string>(env: Record<string, string | undefined>, name: string, allowed: readonly T[]): T | undefined {
  const v = env[name]?.trim();
  if (!v) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new Error(`${name} must be one of ${allowed.join(", ")} (got "${v}")`);
  return v as T;
}

/** The e-mail of the CAPTURE formula for a payment of this payer. */
export function captureHashEmail(profile: SandboxProfile, payerEmail: string): string {
  return profile.captureHashEmail === "merchant" && profile.merchantEmail ? profile.merchantEmail : payerEmail;
}

/** The profile an environment describes; throws on a value it does not know. */
export function sandboxProfileOf(env: Record<string, string | undefined>): SandboxProfile {
  const base = PRESETS[pick(env, "GATEWAY_PROFILE", ["contract", "family"] as const) ?? "contract"];
  const zipText = env.GATEWAY_PAYER_ZIP_MAX_LENGTH?.trim();
  const zip = zipText ? Number(zipText) : base.payerZipMaxLength;
  if (!Number.isInteger(zip) || zip < 1 || zip > 20) throw new Error(`GATEWAY_PAYER_ZIP_MAX_LENGTH must be 1 to 20 (got "${zipText}")`);
  const captureHashEmail = pick(env, "GATEWAY_CAPTURE_HASH_EMAIL", ["payer", "merchant"] as const) ?? base.captureHashEmail;
  const merchantEmail = env.MERCHANT_EMAIL?.trim() || null;
  if (captureHashEmail === "merchant" && !merchantEmail) throw new Error("GATEWAY_CAPTURE_HASH_EMAIL=merchant needs MERCHANT_EMAIL");
  return {
    name: base.name,
    creditvoidHash: pick(env, "GATEWAY_CREDITVOID_HASH", ["contract", "capture"] as const) ?? base.creditvoidHash,
    recurringSaleHash: pick(env, "GATEWAY_RECURRING_SALE_HASH", ["contract", "sale"] as const) ?? base.recurringSaleHash,
    s2sSaleSecret: pick(env, "GATEWAY_S2S_SALE_SECRET", ["api_key", "merchant_secret"] as const) ?? base.s2sSaleSecret,
    recurringFirstId: pick(env, "GATEWAY_RECURRING_FIRST_ID", ["trans_id", "order_id"] as const) ?? base.recurringFirstId,
    caseMode: pick(env, "GATEWAY_HASH_UPPERCASE", ["ascii", "unicode"] as const) ?? base.caseMode,
    payerZipMaxLength: zip,
    captureHashEmail,
    merchantEmail,
    amountDecimals: pick(env, "GATEWAY_AMOUNT_DECIMALS", ["iso", "two"] as const) ?? base.amountDecimals,
  };
}
