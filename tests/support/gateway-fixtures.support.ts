// Sample inputs and configs shared by the client's unit and contract tests.
import { money } from "@/lib/money";
import type { GatewayConfig } from "../../server/gateway/config";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { testProfile } from "./profile-env.support";

export function testConfig(baseUrl: string, overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  const merged: GatewayConfig = {
    baseUrl,
    apiUrl: baseUrl,
    clientKey: SANDBOX_DEFAULTS.clientKey,
    merchantSecret: SANDBOX_DEFAULTS.merchantSecret,
    apiKey: SANDBOX_DEFAULTS.apiKey,
    partialRefundMerchantField: "gateway_merchant_id",
    connectTimeoutMs: 2000,
    requestTimeoutMs: 3000,
    ...overrides,
  };
  // The profile of this test run (GATEWAY_PROFILE), with the field name the test chose.
  return { ...merged, profile: overrides.profile ?? testProfile(merged.partialRefundMerchantField) };
}

export const VISA = "4111111111111111";
export const MASTERCARD = "5123450000000008";

/** Test card expiries of the sandbox (protocol notes): outcome chosen by expiry month of 2038. */
export const EXPIRY = {
  approved: "01",
  declined: "02",
  captureDeclined: "03",
  challengeApproved: "05",
  challengeDeclined: "06",
} as const;

let seq = 0;
export const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function payer(email = `payer.${uniqueId("p")}@example.com`) {
  return {
    firstName: "Amal",
    lastName: "Haddad",
    address: "12 King Fahd Rd",
    country: "SA",
    city: "Riyadh",
    zip: "12211",
    email,
    phone: "+966500000000",
    ip: "203.0.113.7",
  };
}

export function card(number: string = VISA, expMonth: string = EXPIRY.approved, cvv = "123") {
  return { number, expMonth, expYear: "2038", cvv };
}

export function saleInput(
  over: {
    orderId?: string;
    minor?: number;
    auth?: boolean;
    email?: string;
    cardNumber?: string;
    expMonth?: string;
    saveToken?: boolean;
    recurringInit?: boolean;
  } = {},
) {
  return {
    orderId: over.orderId ?? uniqueId("ord"),
    amount: money(over.minor ?? 10_050, "SAR"),
    description: "Test order",
    payer: payer(over.email),
    card: card(over.cardNumber, over.expMonth),
    termUrl: "https://merchant.example.com/3ds-return",
    auth: over.auth ?? false,
    saveToken: over.saveToken,
    recurringInit: over.recurringInit,
  };
}

/** The payer's name and phone as staff confirm them in the "Charge this card" dialog (the token sale sends them). */
export const CONFIRMED_PAYER = { firstName: "Amal", lastName: "Haddad", phone: "+966500000000" } as const;
