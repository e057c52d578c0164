// Threat guarded: the sandbox and the dashboard each keep their own copy of the sandbox's public test data
// (credentials, permission names, starter roles); a change to one copy alone would make `npm start` or the role
// mirror fail in confusing ways, so any drift fails here instead.
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../lib/permissions";
import { STARTER_ROLES } from "../../lib/starter-roles";
import { SANDBOX_DEFAULTS as APP_DEFAULTS, SANDBOX_LEVEL_KEYS as APP_LEVEL_KEYS } from "../../server/gateway/sandbox-defaults";
import { SANDBOX_DEFAULTS, SANDBOX_LEVEL_KEYS } from "../../sandbox/defaults";
import { SEED_ROLES, SUPPORTED_PERMISSIONS } from "../../sandbox/permissions";

// The literal values, written once more here: both copies must equal these, not merely each other.
const CREDENTIALS = {
  clientKey: "7c0e9a3e-4b7f-4c8e-9d2a-5f1b6c3d8e01",
  merchantSecret: "sandbox-merchant-secret",
  apiKey: "sandbox-api-key-super-admin",
  merchantName: "Sandbox Merchant",
  businessUnitId: "3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d",
  port: 4010,
};
const LEVEL_KEYS = { PARTNER: "sandbox-api-key-partner", MERCHANT: "sandbox-api-key-merchant", BRANCH: "sandbox-api-key-branch" };

describe("the sandbox's defaults: the dashboard's copy and the sandbox's copy agree", () => {
  it("same literal credentials (client key, merchant secret, API key, merchant name, business unit, port)", () => {
    expect(APP_DEFAULTS).toEqual(CREDENTIALS);
    expect(SANDBOX_DEFAULTS).toEqual(CREDENTIALS);
  });

  it("same seeded API key for each access level", () => {
    expect(APP_LEVEL_KEYS).toEqual(LEVEL_KEYS);
    expect(SANDBOX_LEVEL_KEYS).toEqual(LEVEL_KEYS);
  });
});

describe("permission names and starter roles: the dashboard's and the sandbox's agree", () => {
  it("the sandbox supports exactly the dashboard's permission vocabulary (an unsupported name would be dropped silently)", () => {
    expect([...SUPPORTED_PERMISSIONS].sort()).toEqual([...PERMISSIONS].sort());
  });

  it("the sandbox seeds the dashboard's starter roles: same names, descriptions and permissions", () => {
    const normal = (roles: ReadonlyArray<{ name: string; description: string; permissions: readonly string[] }>) =>
      roles.map((r) => ({ name: r.name, description: r.description, permissions: [...r.permissions].sort() }));
    expect(normal(SEED_ROLES)).toEqual(normal(STARTER_ROLES));
  });
});
