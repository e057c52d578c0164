// The sandbox gateway's documented default credentials, the dashboard's copy: used when GATEWAY_* variables are unset,
// so that `npm start` works with no configuration. They are public test values, refused by server/env.ts when the
// dashboard is pointed at a real gateway. The sandbox keeps its own copy (sandbox/defaults.ts); a test
// (tests/contract/sandbox-data-agree.test.ts) fails when the two differ.
// No `import "server-only"`: scripts import this module.

export const SANDBOX_DEFAULTS = {
  clientKey: "7c0e9a3e-4b7f-4c8e-9d2a-5f1b6c3d8e01",
  merchantSecret: "sandbox-merchant-secret",
  apiKey: "sandbox-api-key-super-admin",
  merchantName: "Sandbox Merchant",
  businessUnitId: "3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d",
  port: 4010,
} as const;

/** One seeded API key per access level of contract 5.3 (the default key above is SUPER_ADMIN). */
export const SANDBOX_LEVEL_KEYS = {
  PARTNER: "sandbox-api-key-partner",
  MERCHANT: "sandbox-api-key-merchant",
  BRANCH: "sandbox-api-key-branch",
} as const;

export type AccessLevel = "SUPER_ADMIN" | "PARTNER" | "MERCHANT" | "BRANCH";
