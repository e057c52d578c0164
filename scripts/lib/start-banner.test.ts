// Rules guarded: `npm start` lists the local mail inbox in test mode (a person trying the dashboard can open the
// invitation) and never prints SMTP credentials; it warns loudly when MFA is off (PCI DSS 8.4.2); the sandbox's
// catcher runs only when the dashboard mails it; with a real gateway and no SMTP_URL start refuses, says why and
// exits non-zero (invitations and password resets could reach nobody).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { writeFirstAdminSecret } from "../../server/auth/first-admin-secret";
import { firstAdminFile, MFA_NONE_WARNING, readFirstAdmin, sandboxSmtpPortEnv, startBanner, startWarnings } from "./start-banner";

const base = { DATA_DIR: "/tmp/unused-test-data", SANDBOX_PORT: "4999" };
const real = {
  ...base,
  GATEWAY_BASE_URL: "https://gw.example",
  GATEWAY_API_URL: "https://api.gw.example",
  GATEWAY_CLIENT_KEY: "real-client-key",
  GATEWAY_MERCHANT_SECRET: "real-merchant-secret",
  GATEWAY_API_KEY: "real-api-key",
};

describe("start banner", () => {
  it("test mode without SMTP: the sandbox runs the catcher on SANDBOX_PORT+15 and the banner lists the inbox", () => {
    const config = readConfig(base);
    expect(sandboxSmtpPortEnv(config)).toBe("5014");
    const lines = startBanner(config, { dashboardUrl: "http://127.0.0.1:3000", sandboxPort: 4999 }).join("\n");
    expect(lines).toContain("Dashboard:        http://127.0.0.1:3000");
    expect(lines).toContain("Sandbox gateway:  http://127.0.0.1:4999");
    expect(lines).toContain("Mail inbox:       http://127.0.0.1:4999/mail");
    expect(lines).toContain("Sandbox log:      /tmp/unused-test-data/sandbox.log");
  });

  it("names the first super-admin's password file while it exists, never a password", () => {
    const config = readConfig(base);
    expect(firstAdminFile(config, () => false)).toBeNull();
    const file = firstAdminFile(config, () => true);
    expect(file).toBe("/tmp/unused-test-data/first-admin-password.txt");
    const lines = startBanner(config, { dashboardUrl: "http://127.0.0.1:3000", sandboxPort: 4999, firstAdminFile: file }).join("\n");
    expect(lines).toContain("First sign-in:    the e-mail and password are in /tmp/unused-test-data/first-admin-password.txt");
  });

  it("a sandbox trial's banner shows the first sign-in itself (read back from the 0600 file, spaces and all)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-admin-"));
    try {
      const file = writeFirstAdminSecret(dir, "admin@example.com", "tall green tree 42");
      const signIn = readFirstAdmin(file);
      expect(signIn).toEqual({ email: "admin@example.com", password: "tall green tree 42" });
      const lines = startBanner(readConfig(base), {
        dashboardUrl: "http://127.0.0.1:3000",
        sandboxPort: 4999,
        firstAdminFile: file,
        firstSignIn: signIn,
      });
      expect(lines).toContain("  Sign in as:       admin@example.com");
      expect(lines.join("\n")).toContain("Password:         tall green tree 42");
      expect(readFirstAdmin(path.join(dir, "missing.txt"))).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with SMTP_URL the catcher is off and the banner names the SMTP host, never its credentials", () => {
    const config = readConfig({
      ...base,
      SMTP_URL: "smtps://mailer:s3cret-pw@smtp.example.com:465",
      MAIL_FROM: "Dash <dash@merchant.example>",
    });
    expect(sandboxSmtpPortEnv(config)).toBe("off");
    const lines = startBanner(config, { dashboardUrl: "http://127.0.0.1:3000", sandboxPort: 4999 }).join("\n");
    expect(lines).toContain("sent through smtp.example.com:465 as Dash <dash@merchant.example>");
    expect(lines).not.toMatch(/s3cret-pw|mailer:|Mail inbox/);
  });

  it("MFA_REQUIRED=none prints the PCI DSS 8.4.2 warning; all and admins print none", () => {
    expect(startWarnings(readConfig({ ...base, MFA_REQUIRED: "none" }))).toEqual([MFA_NONE_WARNING]);
    expect(MFA_NONE_WARNING).toContain("PCI DSS 8.4.2 requires MFA for all access");
    expect(startWarnings(readConfig({ ...base, MFA_REQUIRED: "admins" }))).toEqual([]);
    expect(startWarnings(readConfig(base))).toEqual([]);
  });

  it("npm start with a real gateway and no SMTP_URL refuses with the reason and a non-zero exit", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" as const, ...real };
    const r = spawnSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/start.ts")], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("SMTP_URL is not set: invitations and password resets could not reach anyone");
  });

  it("says at every start what ALLOW_NON_PCI_SETTINGS=1 let through", () => {
    const warnings = startWarnings({ mfaRequired: "all", nonPciSettings: ["APP_URL must be https:// (…)"] });
    expect(warnings).toEqual(["ALLOW_NON_PCI_SETTINGS=1 let this through: APP_URL must be https:// (…)"]);
  });
});
