// Rules guarded: the dashboard starts with no configuration against the sandbox; it refuses to talk to a real
// gateway with the sandbox's public credentials; bad values are reported by name, not silently defaulted; every
// variable it reads has its row in the README.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CURRENCY_CODES } from "../lib/money";
import { CONFIG_VARIABLES, ConfigError, DEFAULT_MAX_CHARGE, DEFAULT_REFUND_APPROVAL_THRESHOLD, readConfig } from "./config";
import { SANDBOX_DEFAULTS } from "./gateway/sandbox-defaults";

/** A real gateway configured as production wants it: https, PostgreSQL, SMTP, the defaults for MFA and sessions. */
const PRODUCTION = {
  GATEWAY_BASE_URL: "https://pay.example.com",
  GATEWAY_API_URL: "https://api.example.com",
  GATEWAY_CLIENT_KEY: "k",
  GATEWAY_MERCHANT_SECRET: "s",
  GATEWAY_API_KEY: "a",
  DATABASE_URL: "postgres://u@db.example.com/app",
  SMTP_URL: "smtps://mailer:pw@smtp.example.com",
  MAIL_FROM: "Dashboard <dashboard@merchant.example>",
  APP_URL: "https://dashboard.merchant.example",
};
describe("configuration", () => {
  it("runs with no configuration at all: sandbox gateway on SANDBOX_PORT, embedded database, test mode", () => {
    const c = readConfig({});
    expect(c.testMode).toBe(true);
    expect(c.gateway.baseUrl).toBe("http://127.0.0.1:4010");
    expect(c.gateway.apiUrl).toBe("http://127.0.0.1:4010");
    expect(c.gateway.apiKey).toBe(SANDBOX_DEFAULTS.apiKey);
    expect(c.databaseUrl).toBeNull();
    expect(c.port).toBe(3000);
    expect(c.gateway.partialRefundMerchantField).toBe("gateway_merchant_id");
  });
  it("follows SANDBOX_PORT when the gateway URLs are unset", () => {
    expect(readConfig({ SANDBOX_PORT: "4999" }).gateway.baseUrl).toBe("http://127.0.0.1:4999");
  });
  it("reaches a sandbox on another host (compose's sandbox service): its API, its pages and its mail catcher", () => {
    const c = readConfig({ SANDBOX_HOST: "sandbox", SANDBOX_PORT: "4010" });
    expect(c.testMode).toBe(true);
    expect(c.gateway.baseUrl).toBe("http://sandbox:4010");
    expect(c.gateway.apiUrl).toBe("http://sandbox:4010");
    expect(c.mail.smtpUrl).toBe("smtp://sandbox:4025");
    expect(c.mail.inboxUrl).toBe("http://sandbox:4010/mail");
  });
  it("refuses a SANDBOX_HOST that is a URL or carries a port (the port is SANDBOX_PORT)", () => {
    for (const bad of ["http://sandbox", "sandbox:4010", "sand box", ""]) {
      expect(() => readConfig({ SANDBOX_HOST: bad }), bad).toThrow(/SANDBOX_HOST/);
    }
  });
  it("every variable it reads is documented in the README's table (operators configure from that list)", () => {
    const readme = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    // A row's first cell names one variable or several ("`ADMIN_EMAIL`, `ADMIN_PASSWORD`").
    const firstCells = [...readme.matchAll(/^\| (`[A-Z][^|]*)\|/gm)].map((m) => m[1]!);
    const rows = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])));
    expect(CONFIG_VARIABLES.filter((v) => !rows.has(v))).toEqual([]);
  });
  it("sizes the request pool from DATABASE_POOL_SIZE (10 by default) and refuses a size it could not mean", () => {
    expect(readConfig({}).databasePoolSize).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    for (const bad of ["0", "-1", "2.5", "101", "ten"]) {
      expect(() => readConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
  it("refuses a real gateway configured with the sandbox's public test credentials", () => {
    expect(() => readConfig({ GATEWAY_BASE_URL: "https://pay.example.com", GATEWAY_API_URL: "https://api.example.com" })).toThrow(
      /GATEWAY_CLIENT_KEY, GATEWAY_MERCHANT_SECRET, GATEWAY_API_KEY/,
    );
  });
  it("accepts a real gateway with real credentials and leaves test mode", () => {
    const c = readConfig({ ...PRODUCTION, GATEWAY_BASE_URL: "https://pay.example.com/" });
    expect(c.testMode).toBe(false);
    expect(c.nonPciSettings).toEqual([]);
    expect(c.gateway.baseUrl).toBe("https://pay.example.com");
    expect(c.databaseUrl).toBe("postgres://u@db.example.com/app");
  });
  it("reports in Asia/Riyadh unless told otherwise, and refuses a zone reports cannot count days in", () => {
    expect(readConfig({}).reportTimeZone).toBe("Asia/Riyadh");
    expect(readConfig({ REPORT_TIME_ZONE: "Asia/Dubai" }).reportTimeZone).toBe("Asia/Dubai");
    expect(() => readConfig({ REPORT_TIME_ZONE: "Asia/Kolkata" })).toThrow(/REPORT_TIME_ZONE.*whole number of hours/);
    expect(() => readConfig({ REPORT_TIME_ZONE: "Riyadh" })).toThrow(/REPORT_TIME_ZONE/);
  });
  it("a new payment's billing country is the merchant's: MERCHANT_COUNTRY, SA unless told otherwise, two letters or refused by name", () => {
    expect(readConfig({}).merchantCountry).toBe("SA");
    expect(readConfig({ MERCHANT_COUNTRY: "ae" }).merchantCountry).toBe("AE");
    expect(() => readConfig({ MERCHANT_COUNTRY: "Saudi Arabia" })).toThrow(/MERCHANT_COUNTRY/);
  });
  it("refuses half a gateway configuration", () => {
    expect(() => readConfig({ GATEWAY_BASE_URL: "https://pay.example.com" })).toThrow(ConfigError);
  });
  it("reads GATEWAY_COLLECTOR_ORIGINS as origins, and refuses anything that is not one (a path, credentials, a scheme)", () => {
    expect(readConfig({}).gateway.collectorOrigins).toEqual([]);
    expect(
      readConfig({
        GATEWAY_COLLECTOR_ORIGINS: " https://checkout.example.com , https://acs.example.net:8443/,https://checkout.example.com",
      }).gateway.collectorOrigins,
    ).toEqual(["https://checkout.example.com", "https://acs.example.net:8443"]);
    for (const bad of [
      "https://checkout.example.com/collector",
      "ftp://x.example.com",
      "https://u:p@x.example.com",
      "checkout.example.com",
    ])
      expect(() => readConfig({ GATEWAY_COLLECTOR_ORIGINS: bad }), bad).toThrow(/GATEWAY_COLLECTOR_ORIGINS/);
  });
  it("threat: cross-site requests. State changes are accepted from APP_URL's origin and ALLOWED_ORIGINS only", () => {
    expect(readConfig({ APP_URL: "https://dash.example.com/" }).allowedOrigins).toEqual(["https://dash.example.com"]);
    expect(
      readConfig({ APP_URL: "https://dash.example.com", ALLOWED_ORIGINS: "https://pay.example.com, https://dash.example.com" })
        .allowedOrigins,
    ).toEqual(["https://dash.example.com", "https://pay.example.com"]);
    // A trial on one machine: whichever loopback name the browser used for the same port.
    expect(readConfig({ PORT: "3000" }).allowedOrigins).toEqual(["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]);
    for (const bad of ["*", "https://pay.example.com/path", "pay.example.com"])
      expect(() => readConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS/);
  });
  it("names the variable that is wrong", () => {
    expect(() => readConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readConfig({ GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD: "bad field!" })).toThrow(/GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD/);
  });
  it("reads refund approval thresholds per currency in minor units, and names a bad entry", () => {
    const all = `${DEFAULT_REFUND_APPROVAL_THRESHOLD},SAR:1000.50, KWD:10.125`;
    expect(readConfig({ REFUND_APPROVAL_THRESHOLD: all }).refunds.approvalThresholdMinor).toMatchObject({
      SAR: 100050,
      KWD: 10125,
      JPY: 40000,
    });
    expect(() => readConfig({ REFUND_APPROVAL_THRESHOLD: `${DEFAULT_REFUND_APPROVAL_THRESHOLD},SAR:ten` })).toThrow(
      /REFUND_APPROVAL_THRESHOLD/,
    );
    expect(readConfig({}).refunds.reasons).toContain("other");
  });
  it("threat: a currency without a threshold would skip the second person; start-up fails naming every missing currency", () => {
    expect(Object.keys(readConfig({}).refunds.approvalThresholdMinor).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(() => readConfig({ REFUND_APPROVAL_THRESHOLD: "SAR:1000.00,USD:250.00" })).toThrow(
      /REFUND_APPROVAL_THRESHOLD: no amount for EUR, GBP, AED, EGP, KWD, BHD, OMR, JOD, JPY/,
    );
  });
  it("threat: a huge charge by a slip of the keyboard. MAX_CHARGE and CHARGE_CONFIRM_ABOVE cover every currency, confirm below max", () => {
    const { maxMinor, confirmAboveMinor } = readConfig({}).charges;
    expect(Object.keys(maxMinor).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(Object.keys(confirmAboveMinor).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(maxMinor.SAR).toBe(100_000_000);
    expect(confirmAboveMinor.SAR).toBe(1_000_000);
    expect(confirmAboveMinor.KWD).toBe(750_000);
    for (const c of CURRENCY_CODES) expect(confirmAboveMinor[c]!).toBeLessThan(maxMinor[c]!);
    expect(() => readConfig({ MAX_CHARGE: "SAR:5000" })).toThrow(/MAX_CHARGE: no amount for USD/);
    expect(() => readConfig({ MAX_CHARGE: "SAR:lots" })).toThrow(/MAX_CHARGE: "SAR:lots" is not CURRENCY:AMOUNT/);
    const low = DEFAULT_MAX_CHARGE.replace("SAR:1000000.00", "SAR:5000.00");
    expect(() => readConfig({ MAX_CHARGE: low })).toThrow(/CHARGE_CONFIRM_ABOVE: not below MAX_CHARGE for SAR/);
  });
  it("billing plans: scheduler every 60 s, retries after 1, 3 and 7 days, v2 by default; 0 turns the scheduler off", () => {
    const d = readConfig({}).plans;
    expect(d).toEqual({ schedulerIntervalMs: 60_000, retryDelaysMs: [86_400_000, 3 * 86_400_000, 7 * 86_400_000], defaultInterface: "v2" });
    const c = readConfig({ PLAN_SCHEDULER_INTERVAL_SECONDS: "0", PLAN_RETRY_DELAYS: "5s, 2m,1h", PLAN_CHARGE_INTERFACE: "form" }).plans;
    expect(c).toEqual({ schedulerIntervalMs: 0, retryDelaysMs: [5_000, 120_000, 3_600_000], defaultInterface: "form" });
    expect(readConfig({ PLAN_RETRY_DELAYS: "none" }).plans.retryDelaysMs).toEqual([]);
  });
  it("rule (#13): configuration, not staff, picks the recurring interface: RECURRING_INTERFACE, v2 (contract 4.11) by default, plans follow it", () => {
    expect(readConfig({}).recurring).toEqual({ interface: "v2" });
    const f = readConfig({ RECURRING_INTERFACE: "form" });
    expect([f.recurring.interface, f.plans.defaultInterface]).toEqual(["form", "form"]);
    const split = readConfig({ RECURRING_INTERFACE: "form", PLAN_CHARGE_INTERFACE: "v2" });
    expect([split.recurring.interface, split.plans.defaultInterface]).toEqual(["form", "v2"]);
    expect(() => readConfig({ RECURRING_INTERFACE: "json" })).toThrow(/RECURRING_INTERFACE/);
  });
  it("billing plans: a retry delay without a unit, a zero delay or a bad interface is named, not defaulted", () => {
    expect(() => readConfig({ PLAN_RETRY_DELAYS: "1,3,7" })).toThrow(/PLAN_RETRY_DELAYS: "1"/);
    expect(() => readConfig({ PLAN_RETRY_DELAYS: "0d" })).toThrow(/PLAN_RETRY_DELAYS/);
    expect(() => readConfig({ PLAN_CHARGE_INTERFACE: "soap" })).toThrow(/PLAN_CHARGE_INTERFACE/);
    expect(() => readConfig({ PLAN_SCHEDULER_INTERVAL_SECONDS: "-1" })).toThrow(/PLAN_SCHEDULER_INTERVAL_SECONDS/);
  });

  it("refuses a real gateway without SMTP (invitations could reach nobody); in test mode mail goes to the local catcher", () => {
    const real = {
      GATEWAY_BASE_URL: "https://pay.example.com",
      GATEWAY_API_URL: "https://api.example.com",
      GATEWAY_CLIENT_KEY: "k",
      GATEWAY_MERCHANT_SECRET: "s",
      GATEWAY_API_KEY: "a",
    };
    expect(() => readConfig(real)).toThrow(/SMTP_URL/);
    expect(() => readConfig({ ...real, SMTP_URL: "smtp://mail.example.com" })).toThrow(/MAIL_FROM/);
    const local = readConfig({ SANDBOX_PORT: "4999" });
    expect(local.mail).toMatchObject({ catcher: true, smtpUrl: "smtp://127.0.0.1:5014", inboxUrl: "http://127.0.0.1:4999/mail" });
  });
  it("requires a second factor of everyone, ends idle sessions after 15 minutes (PCI DSS 8.4.2, 8.2.8) and trusts no proxy by default", () => {
    const c = readConfig({});
    expect(c.mfaRequired).toBe("all");
    expect(c.session.idleMs).toBe(15 * 60_000);
    expect(c.trustedProxyHops).toBe(0);
    expect(() => readConfig({ MFA_REQUIRED: "some" })).toThrow(/MFA_REQUIRED/);
  });
  it("asks for a fresh second factor before sensitive actions after 5 minutes by default, never more than 15", () => {
    expect(readConfig({}).stepUpMaxAgeMs).toBe(5 * 60_000);
    expect(readConfig({ STEP_UP_MINUTES: "0.1" }).stepUpMaxAgeMs).toBe(6_000);
    expect(() => readConfig({ STEP_UP_MINUTES: "60" })).toThrow(/STEP_UP_MINUTES/);
  });

  describe("with a real gateway, settings below PCI DSS are refused unless allowed on purpose", () => {
    it.each([
      ["an http:// APP_URL", { APP_URL: "http://dashboard.merchant.example" }, /APP_URL must be https:\/\//],
      ["MFA_REQUIRED=admins", { MFA_REQUIRED: "admins" }, /MFA_REQUIRED must be all/],
      ["MFA_REQUIRED=none", { MFA_REQUIRED: "none" }, /MFA_REQUIRED must be all/],
      ["a 30-minute idle limit", { SESSION_IDLE_MINUTES: "30" }, /SESSION_IDLE_MINUTES must be 15 or less/],
      ["the embedded database", { DATABASE_URL: undefined }, /DATABASE_URL must name a PostgreSQL server/],
      ["the audit anchoring worker off", { AUDIT_ANCHOR_MINUTES: "0" }, /AUDIT_ANCHOR_MINUTES must not be 0/],
    ])("refuses %s, naming the variable and how to start anyway", (_what, change, message) => {
      const source = { ...PRODUCTION, ...change };
      expect(() => readConfig(source)).toThrow(message);
      expect(() => readConfig(source)).toThrow(/ALLOW_NON_PCI_SETTINGS=1/);
      const allowed = readConfig({ ...source, ALLOW_NON_PCI_SETTINGS: "1" });
      expect(allowed.nonPciSettings).toEqual([expect.stringMatching(message)]);
    });
    it("leaves test mode (the sandbox, no card data) as it is: http, the embedded database, MFA off for a trial", () => {
      expect(readConfig({ MFA_REQUIRED: "none", SESSION_IDLE_MINUTES: "60" }).nonPciSettings).toEqual([]);
    });
  });
});
