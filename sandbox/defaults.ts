// The sandbox's own default credentials and seeded API keys: public test values, used when no option overrides them.
// The dashboard keeps its copy in server/gateway/sandbox-defaults.ts; tests/contract/sandbox-data-agree.test.ts
// fails when the two drift apart.

export const SANDBOX_DEFAULTS = {
  clientKey: "7c0e9a3e-4b7f-4c8e-9d2a-5f1b6c3d8e01",
  merchantSecret: "sandbox-merchant-secret",
  apiKey: "sandbox-api-key-super-admin",
  merchantName: "Sandbox Merchant",
  businessUnitId: "3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d",
  port: 4010,
} as const;

/** The access levels of contract 5.3. */
export type AccessLevel = "SUPER_ADMIN" | "PARTNER" | "MERCHANT" | "BRANCH";

/** One seeded API key per access level below SUPER_ADMIN (the default `apiKey` above is SUPER_ADMIN). */
export const SANDBOX_LEVEL_KEYS = {
  PARTNER: "sandbox-api-key-partner",
  MERCHANT: "sandbox-api-key-merchant",
  BRANCH: "sandbox-api-key-branch",
} as const satisfies Record<Exclude<AccessLevel, "SUPER_ADMIN">, string>;
