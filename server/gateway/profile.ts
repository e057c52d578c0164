// The gateway profile (#16): the few points where the contract (../shared/spec/gateway-interface.md) and public
// sources of the same protocol family disagree, gathered in one object so that a merchant switches with
// configuration, never a code change. GATEWAY_PROFILE picks a preset (`contract`, the default, or `family`); each item
// can then be overridden by its own variable. The README's configuration table says where each choice comes from.
// Pure (no process.env, no server-only): server/config.ts reads it, and the tests build it from their own env.
// The sandbox has its own copy of this parser (sandbox/profile.ts): it never imports the app.

import { isEmailAddress } from "@/lib/schemas/email";
import type { AmountDecimals } from "@/lib/money";

export type GatewayProfileName = "contract" | "family";
/** UPPER before hashing: ASCII letters only (a PHP gateway's strtoupper) or full Unicode (JavaScript's toUpperCase). */
export type HashUpperCase = "ascii" | "unicode";

export interface GatewayProfile {
  name: GatewayProfileName;
  /** CREDITVOID hash: the contract's SHA1(MD5(UPPER(trans_id + amount + secret))) or the family's CAPTURE-style MD5. */
  creditvoidHash: "contract" | "capture";
  /** RECURRING_SALE hash: the contract's SHA1(MD5(...)) or the family's SALE-style MD5 (first payment's e-mail and card). */
  recurringSaleHash: "contract" | "sale";
  /** Secret of the S2S sale hash: the API key (contract 5.2) or the merchant secret (family). */
  s2sSaleSecret: "api_key" | "merchant_secret";
  /** What `recurring_first_trans_id` carries: the first payment's gateway trans_id (contract) or its order id. */
  recurringFirstId: "trans_id" | "order_id";
  /** Wire name of the partial-refund merchant field (protocol notes). */
  partialRefundMerchantField: string;
  upperCase: HashUpperCase;
  /** Longest payer_zip the gateway takes. */
  payerZipMaxLength: number;
  /**
   * The e-mail of the CAPTURE formula (CAPTURE and VOID): the sale's payer e-mail (both sides' reading of the
   * formula) or the merchant's own (the contract's text calls it "the merchant e-mail"), with MERCHANT_EMAIL.
   */
  captureHashEmail: "payer" | "merchant";
  /** MERCHANT_EMAIL: the merchant's e-mail for the CAPTURE formula when captureHashEmail is `merchant`. */
  merchantEmail: string | null;
  /**
   * Decimal places of the amounts sent for currencies whose minor unit is not the cent: the ISO 4217 exponent
   * (KWD 1.234, JPY 7) or always two (the contract's "decimal with two places" read literally: KWD 1.23, JPY 7.00).
   */
  amountDecimals: AmountDecimals;
}

export const DEFAULT_PARTIAL_REFUND_FIELD = "gateway_merchant_id";

/** The two presets. `family` follows the family's public documents and clients wherever they differ from the contract. */
export const PROFILE_PRESETS: Record<
  GatewayProfileName,
  Omit<GatewayProfile, "partialRefundMerchantField" | "captureHashEmail" | "merchantEmail" | "amountDecimals">
> = {
  contract: {
    name: "contract",
    creditvoidHash: "contract",
    recurringSaleHash: "contract",
    s2sSaleSecret: "api_key",
    recurringFirstId: "trans_id",
    upperCase: "ascii",
    // The contract gives no maximum length; 20 is the billing-address form's own limit (lib/schemas/billing-address.ts).
    payerZipMaxLength: 20,
  },
  family: {
    name: "family",
    creditvoidHash: "capture",
    recurringSaleHash: "sale",
    s2sSaleSecret: "merchant_secret",
    recurringFirstId: "order_id",
    upperCase: "unicode",
    // The family's S2S CARD reference: payer_zip "String up to 10 characters".
    payerZipMaxLength: 10,
  },
};

/** Every variable the profile reads, with the values it takes (the README table lists the same). */
export const PROFILE_VARIABLES = {
  GATEWAY_PROFILE: ["contract", "family"],
  GATEWAY_CREDITVOID_HASH: ["contract", "capture"],
  GATEWAY_RECURRING_SALE_HASH: ["contract", "sale"],
  GATEWAY_S2S_SALE_SECRET: ["api_key", "merchant_secret"],
  GATEWAY_RECURRING_FIRST_ID: ["trans_id", "order_id"],
  GATEWAY_HASH_UPPERCASE: ["ascii", "unicode"],
  GATEWAY_CAPTURE_HASH_EMAIL: ["payer", "merchant"],
  GATEWAY_AMOUNT_DECIMALS: ["iso", "two"],
} as const;

export class GatewayProfileError extends Error {
  override name = "GatewayProfileError";
}

type Source = Record<string, string | undefined>;

function choice<K extends keyof typeof PROFILE_VARIABLES>(
  source: Source,
  name: K,
  problems: string[],
): (typeof PROFILE_VARIABLES)[K][number] | undefined {
  const raw = source[name]?.trim();
  if (!raw) return undefined;
  const allowed = PROFILE_VARIABLES[name] as readonly string[];
  if (allowed.includes(raw)) return raw as (typeof PROFILE_VARIABLES)[K][number];
  problems.push(`${name}: "${raw}" is not one of ${allowed.join(", ")}`);
  return undefined;
}

/** The profile of an environment: the preset of GATEWAY_PROFILE, then each override. Throws listing every problem. */
export function readGatewayProfile(source: Source): GatewayProfile {
  const problems: string[] = [];
  const name = choice(source, "GATEWAY_PROFILE", problems) ?? "contract";
  const preset = PROFILE_PRESETS[name];
  const field = source.GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD?.trim() || DEFAULT_PARTIAL_REFUND_FIELD;
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(field)) {
    problems.push("GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD: a plain field name, e.g. gateway_merchant_id");
  }
  const zipText = source.GATEWAY_PAYER_ZIP_MAX_LENGTH?.trim();
  const zip = zipText ? Number(zipText) : preset.payerZipMaxLength;
  if (!Number.isInteger(zip) || zip < 1 || zip > 20)
    problems.push(`GATEWAY_PAYER_ZIP_MAX_LENGTH: "${zipText}" is not a whole number from 1 to 20`);
  const captureHashEmail = choice(source, "GATEWAY_CAPTURE_HASH_EMAIL", problems) ?? "payer";
  const merchantEmail = source.MERCHANT_EMAIL?.trim() || null;
  if (merchantEmail !== null && !isEmailAddress(merchantEmail))
    problems.push(`MERCHANT_EMAIL: "${merchantEmail}" is not an e-mail address`);
  if (captureHashEmail === "merchant" && merchantEmail === null)
    problems.push("GATEWAY_CAPTURE_HASH_EMAIL: `merchant` signs captures and voids with MERCHANT_EMAIL, which is not set");
  // It sent a made-up address as the payer's: refused, so that an operator who set it learns what changed.
  if (source.GATEWAY_PAYER_IP_FALLBACK?.trim())
    problems.push(
      "GATEWAY_PAYER_IP_FALLBACK: no longer used; payer_ip is never invented (the README's configuration table says what is sent): remove it",
    );
  const profile: GatewayProfile = {
    ...preset,
    creditvoidHash: choice(source, "GATEWAY_CREDITVOID_HASH", problems) ?? preset.creditvoidHash,
    recurringSaleHash: choice(source, "GATEWAY_RECURRING_SALE_HASH", problems) ?? preset.recurringSaleHash,
    s2sSaleSecret: choice(source, "GATEWAY_S2S_SALE_SECRET", problems) ?? preset.s2sSaleSecret,
    recurringFirstId: choice(source, "GATEWAY_RECURRING_FIRST_ID", problems) ?? preset.recurringFirstId,
    upperCase: choice(source, "GATEWAY_HASH_UPPERCASE", problems) ?? preset.upperCase,
    partialRefundMerchantField: field,
    payerZipMaxLength: zip,
    captureHashEmail,
    merchantEmail,
    // Neither the contract nor the family's documents show a currency without two decimals: ISO until told otherwise.
    amountDecimals: choice(source, "GATEWAY_AMOUNT_DECIMALS", problems) ?? "iso",
  };
  if (problems.length) throw new GatewayProfileError(problems.join("\n"));
  return profile;
}

/** The contract preset with the default field name and fallback: what a config without a profile means. */
export const CONTRACT_PROFILE: GatewayProfile = readGatewayProfile({});

/** The e-mail the CAPTURE formula signs with (CAPTURE, VOID): the sale's payer's, or MERCHANT_EMAIL by the profile. */
export function captureHashEmailOf(payerEmail: string, profile: GatewayProfile): string {
  return profile.captureHashEmail === "merchant" && profile.merchantEmail ? profile.merchantEmail : payerEmail;
}
