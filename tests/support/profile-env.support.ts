// The gateway profile the suite runs under (#16): `npm test` runs the contract and money-action suites once with the
// default (contract) and once with GATEWAY_PROFILE=family. Both the client's config and the sandbox take it from here.
import { readGatewayProfile, type GatewayProfile } from "../../server/gateway/profile";

const PROFILE_KEYS = [
  "GATEWAY_PROFILE",
  "GATEWAY_CREDITVOID_HASH",
  "GATEWAY_RECURRING_SALE_HASH",
  "GATEWAY_S2S_SALE_SECRET",
  "GATEWAY_RECURRING_FIRST_ID",
  "GATEWAY_HASH_UPPERCASE",
  "GATEWAY_PAYER_ZIP_MAX_LENGTH",
  "GATEWAY_CAPTURE_HASH_EMAIL",
  "MERCHANT_EMAIL",
  "GATEWAY_AMOUNT_DECIMALS",
] as const;

/** The profile variables of this test process's environment (only those that are set). */
export function profileEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of PROFILE_KEYS) {
    const v = process.env[k];
    if (v !== undefined && v !== "") out[k] = v;
  }
  return out;
}

/** The client's profile under this test run, with the given field name of the partial refund. */
export function testProfile(partialRefundMerchantField = "gateway_merchant_id"): GatewayProfile {
  return readGatewayProfile({ ...profileEnv(), GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD: partialRefundMerchantField });
}

/** True when this run is the family profile's (a test that pins contract-only wire details says so). */
export const underFamilyProfile = (): boolean => testProfile().name === "family";
