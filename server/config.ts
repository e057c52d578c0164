// Configuration schema: every environment variable the dashboard reads, with its default. Pure (takes the
// environment as an argument) so scripts/start.ts and the tests can validate without `server-only`.
// The README's configuration table is the human version of this file: keep them in step.
import path from "node:path";
import { z } from "zod";
import { CURRENCY_CODES, decimalToMinor, isCurrencyCode, type CurrencyCode } from "../lib/money";
import type { GatewayConfig } from "./gateway/config";
import { DEFAULT_GATEWAY_DEADLINE_MS } from "./gateway/deadline";
import { SANDBOX_DEFAULTS } from "./gateway/sandbox-defaults";
import { readGatewayProfile, type GatewayProfile } from "./gateway/profile";
import {
  DEFAULT_AUTH_HOLD_DAYS,
  DEFAULT_SETTLEMENT_LAG_DAYS,
  parseAuthHold,
  parseDaysPerBrand,
  type AuthHoldConfig,
  type DaysPerBrand,
} from "./auth-hold-config";
import { checkReportTimeZone } from "../lib/reports/period";
import { NEW_SIGN_IN_LOOKBACK_DAYS } from "./auth/new-sign-in-lookback";
import { dashboardOrigins } from "./http/origin";
import { emailAddress } from "@/lib/schemas/email";

const port = z.coerce.number().int().min(1).max(65535);
const ms = z.coerce.number().int().min(1).max(600_000);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

/** A comma-separated list of http(s) origins (scheme, host, optional port; no path), as origins; empty when unset. */
const originList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const origins: string[] = [];
    for (const part of (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      let u: URL | null = null;
      try {
        u = new URL(part);
      } catch {
        u = null;
      }
      if (
        !u ||
        !/^https?:$/.test(u.protocol) ||
        u.username ||
        u.password ||
        (u.pathname !== "/" && u.pathname !== "") ||
        u.search ||
        u.hash
      ) {
        ctx.addIssue({ code: "custom", message: `"${part}" is not an origin such as https://checkout.example.com` });
        return z.NEVER;
      }
      origins.push(u.origin);
    }
    return [...new Set(origins)];
  });

/** Longest retention period accepted (100 years): a bound, so that a typo cannot overflow the cutoff's date. */
const MAX_RETENTION_DAYS = 36_500;

/**
 * Days a table's rows are kept before the daily retention pass deletes them: a whole number from `min` up. 0 is
 * refused rather than read as "off" or "purge at once": either would be a surprise on a production database.
 */
function retentionDays(fallback: number, min = 1, why = "0 would delete rows as soon as they are written") {
  const rule = `a whole number of days from ${min} to ${MAX_RETENTION_DAYS}`;
  return z.coerce.number({ error: rule }).int(rule).min(min, `${rule} (${why})`).max(MAX_RETENTION_DAYS, rule).default(fallback);
}

/**
 * The largest charge per currency (MAX_CHARGE): a typo of three zeros, or a pasted order number in the amount field,
 * is refused with the limit named instead of charged. About SAR 1,000,000 in every currency; a merchant that sells
 * more in one payment raises it.
 */
export const DEFAULT_MAX_CHARGE =
  "SAR:1000000.00,USD:250000.00,EUR:250000.00,GBP:200000.00,AED:1000000.00,EGP:10000000.00,KWD:75000.000,BHD:100000.000,OMR:100000.000,JOD:175000.000,JPY:40000000";
/**
 * Above this amount (CHARGE_CONFIRM_ABOVE) a charge made without the customer present (a phone order, a saved card, a
 * recurring charge, a billing plan) needs a second, explicit confirmation of the amount and the card. About SAR 10,000.
 */
export const DEFAULT_CHARGE_CONFIRM_ABOVE =
  "SAR:10000.00,USD:2500.00,EUR:2500.00,GBP:2000.00,AED:10000.00,EGP:100000.00,KWD:750.000,BHD:1000.000,OMR:1000.000,JOD:1750.000,JPY:400000";

/** A refund approval threshold for every currency of lib/money.ts (a test keeps the two lists in step). */
export const DEFAULT_REFUND_APPROVAL_THRESHOLD =
  "SAR:1000.00,USD:250.00,EUR:250.00,GBP:200.00,AED:1000.00,EGP:10000.00,KWD:75.000,BHD:100.000,OMR:100.000,JOD:175.000,JPY:40000";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  SANDBOX_PORT: port.default(SANDBOX_DEFAULTS.port),
  // Where test mode reaches its sandbox: this machine (the default), or another host (compose's `sandbox` service).
  SANDBOX_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, "a host name or an address, without a scheme or a port")
    .default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: optionalUrl.or(z.string().regex(/^postgres(ql)?:\/\//)).optional(),
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
    .optional(),
  GATEWAY_BASE_URL: optionalUrl.optional(),
  GATEWAY_API_URL: optionalUrl.optional(),
  GATEWAY_CLIENT_KEY: z.string().min(1).default(SANDBOX_DEFAULTS.clientKey),
  GATEWAY_MERCHANT_SECRET: z.string().min(1).default(SANDBOX_DEFAULTS.merchantSecret),
  GATEWAY_API_KEY: z.string().min(1).default(SANDBOX_DEFAULTS.apiKey),
  GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "a plain field name, e.g. gateway_merchant_id")
    .default("gateway_merchant_id"),
  GATEWAY_CONNECT_TIMEOUT_MS: ms.default(5_000),
  GATEWAY_TIMEOUT_MS: ms.default(20_000),
  GATEWAY_DEADLINE_MS: ms.default(DEFAULT_GATEWAY_DEADLINE_MS),
  GATEWAY_COLLECTOR_ORIGINS: originList,
  APP_URL: optionalUrl.optional(),
  /** Other public origins of this same dashboard (a second host name): state-changing requests may come from them. */
  ALLOWED_ORIGINS: originList,
  /** The merchant's name as customers know it: the payment-link return page shows it. */
  MERCHANT_NAME: z.string().trim().min(1).max(120).optional(),
  /** The merchant's country (ISO 3166-1 alpha-2): a new payment's billing address starts with it. */
  MERCHANT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "two letters, e.g. SA")
    .default("SA"),
  NEXTAUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  // The audit log's HMAC chain (server/audit/chain-keys.ts). The key never goes into the database: without it a
  // database role cannot re-chain a rewritten row. Previous keys (comma-separated) only verify older rows.
  AUDIT_CHAIN_KEY: z.string().trim().min(32, "at least 32 characters").optional(),
  AUDIT_CHAIN_PREVIOUS_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, "each previous key has at least 32 characters"))),
  // 0 turns the anchoring worker off (in-process test harnesses, like the other workers' intervals); with a real
  // gateway that is a setting below PCI DSS (10.3.4 wants changes to the logs detected).
  AUDIT_ANCHOR_MINUTES: z.coerce
    .number({ error: "a whole number of minutes from 0 (off) to 1440" })
    .int("a whole number of minutes from 0 (off) to 1440")
    .min(0, "a whole number of minutes from 0 (off) to 1440")
    .max(1440, "a whole number of minutes from 0 (off) to 1440")
    .default(15),
  AUDIT_ANCHOR_DIR: z.string().trim().min(1).optional(),
  /** The security contact: the daily full walk's signed chain head, and a broken trail at once, by e-mail. */
  AUDIT_ANCHOR_MAIL_TO: z.string().trim().email("an e-mail address, e.g. security@example.com").optional(),
  // PCI DSS 4.0.1 requirement 8.2.8: idle sessions end after at most 15 minutes.
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(7 * 24)
    .default(12),
  ADMIN_EMAIL: emailAddress().optional(),
  // The password rule of lib/schemas/auth.ts (PCI DSS 8.3.6), here too: the first super-admin's password is a password like any other.
  ADMIN_PASSWORD: z
    .string()
    .min(12, "at least 12 characters")
    .regex(/\p{L}/u, "include a letter")
    .regex(/\p{Nd}/u, "include a digit")
    .optional(),
  GATEWAY_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, "16–128 URL-safe characters")
    .optional(),
  REFUND_APPROVAL_THRESHOLD: z.string().default(DEFAULT_REFUND_APPROVAL_THRESHOLD),
  MAX_CHARGE: z.string().default(DEFAULT_MAX_CHARGE),
  CHARGE_CONFIRM_ABOVE: z.string().default(DEFAULT_CHARGE_CONFIRM_ABOVE),
  // Authorization hold periods per card brand (server/auth-hold-config.ts): the Captures screen's countdown.
  AUTH_HOLD_DAYS: z.string().default(`default=${DEFAULT_AUTH_HOLD_DAYS}`),
  SETTLEMENT_LAG_DAYS: z.string().default(`default=${DEFAULT_SETTLEMENT_LAG_DAYS}`),
  REFUND_REASONS: z.string().default("customer_request,duplicate,fraudulent,product_not_delivered,service_issue,other"),
  // How long an approver who changed the requester's account (roles, status, password, second factor) may not approve
  // their refunds (server/services/refunds/four-eyes.ts).
  FOUR_EYES_LINK_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // PCI DSS 8.2.6: an account with no sign-in for this many days is disabled by the daily pass
  // (server/services/admin/users/inactive-accounts.ts). A whole number of days, 1 to 3650; 0 and "off" are refused:
  // the requirement has no "off", and a day count read as "disable at once" would lock everyone out. Above 90 counts
  // as a setting below PCI DSS with a real gateway (ALLOW_NON_PCI_SETTINGS).
  INACTIVE_ACCOUNT_DAYS: z.coerce
    .number({ error: "a whole number of days from 1 to 3650" })
    .int("a whole number of days from 1 to 3650")
    .min(1, "a whole number of days from 1 to 3650 (the rule cannot be turned off: PCI DSS 8.2.6)")
    .max(3650, "a whole number of days from 1 to 3650")
    .default(90),
  // Where scheduled reports may go without a second person's approval (server/services/reports/schedules/
  // recipient-domains.ts): the merchant's own domains, comma-separated; unset, the domains of the dashboard's users.
  REPORT_RECIPIENT_DOMAINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return null;
      const domains = [
        ...new Set(
          v
            .split(",")
            .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
            .filter(Boolean),
        ),
      ];
      const bad = domains.filter((d) => !/^(?=.{1,253}$)([\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u.test(d));
      if (bad.length) {
        ctx.addIssue({ code: "custom", message: `not a domain name: ${bad.join(", ")}` });
        return z.NEVER;
      }
      return domains;
    }),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  GATEWAY_BUSINESS_UNIT_ID: z.uuid("a UUID").default(SANDBOX_DEFAULTS.businessUnitId),
  SET_PASSWORD_LINK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 14)
    .default(48),
  PLAN_SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PLAN_RETRY_DELAYS: z.string().default("1d,3d,7d"),
  // #13 recurring: the interface of recurring charges is configuration, never a staff choice (see README).
  RECURRING_INTERFACE: z.enum(["v2", "form"]).default("v2"),
  PLAN_CHARGE_INTERFACE: z.enum(["v2", "form"]).optional(),
  /** The zone whose calendar days the Overview and the reports count in (whole-hour offsets only). */
  REPORT_TIME_ZONE: z.string().trim().default("Asia/Riyadh"),
  /** How often the report scheduler looks for due scheduled reports; 0 = off. */
  REPORT_SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  MFA_REQUIRED: z.enum(["all", "admins", "none"]).default("all"),
  // Step-up: refunds approval, user/role changes and partner deletion need a second factor this recent.
  STEP_UP_MINUTES: z.coerce.number().positive().max(15, "at most 15").default(5),
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(254).optional(),
  SANDBOX_SMTP_PORT: port.optional(),
  MAIL_WORKER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // The connections each instance's request pool may open on DATABASE_URL (workers share it; downloads have 3 more).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  // Part of the grace: on SIGTERM the instance keeps serving this long (readiness 503) before it stops accepting.
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  // Traces by OTLP/HTTP when either is set (the exporter reads these and the other OTEL_EXPORTER_OTLP_* itself).
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default("merchant-dashboard"),
  // The bearer token of GET /api/metrics; unset or empty: the route answers 404 (no metrics are served).
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{32,256}$/, "32–256 printable ASCII characters without spaces, e.g. `openssl rand -hex 32`")
        .optional(),
    )
    .optional(),
  ALLOW_NON_PCI_SETTINGS: z.enum(["0", "1"]).default("0"),
  // The daily retention pass (server/services/retention). The ledger and the audit log have no setting: they are
  // never purged (SAMA record keeping: 10 years).
  RETENTION_NOTIFICATIONS_DAYS: retentionDays(90),
  // About 13 months: a dispute can arrive up to 120 days after its payment; a year covers that with room to spare.
  RETENTION_GATEWAY_CALLS_DAYS: retentionDays(395),
  RETENTION_SESSIONS_DAYS: retentionDays(
    NEW_SIGN_IN_LOOKBACK_DAYS,
    NEW_SIGN_IN_LOOKBACK_DAYS,
    `the new-sign-in alert compares each sign-in with the sessions of the last ${NEW_SIGN_IN_LOOKBACK_DAYS} days`,
  ),
  RETENTION_SIGN_IN_ATTEMPTS_DAYS: retentionDays(90),
  RETENTION_MAIL_DAYS: retentionDays(90),
});

/** Every variable the configuration reads (the README's table documents each; config.test.ts checks). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "1d,3d,7d" → [86400000, 259200000, 604800000]; units s, m, h, d; "" or "none" → no retries (pause at once). */
export function parseRetryDelays(text: string): number[] {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 1 && parts[0]!.toLowerCase() === "none") return [];
  const delays = parts.map((part) => {
    const m = /^(\d{1,6})\s*([smhd])$/i.exec(part);
    const ms = m ? Number(m[1]) * DURATION_UNITS_MS[m[2]!.toLowerCase() as keyof typeof DURATION_UNITS_MS] : 0;
    if (!m || ms <= 0 || ms > 366 * 86_400_000) {
      throw new ConfigError(
        `Invalid configuration:\n  PLAN_RETRY_DELAYS: "${part}" is not a delay like 30s, 15m, 12h or 3d (at most 366d)`,
      );
    }
    return ms;
  });
  if (delays.length > 10) throw new ConfigError("Invalid configuration:\n  PLAN_RETRY_DELAYS: at most 10 retries");
  return delays;
}

/**
 * "SAR:1000.00,USD:250,…" → { SAR: 100000, USD: 25000, … }: when a payment's refunds together (done, open and the
 * new one) pass it, the refund needs a second person. Every currency the dashboard accepts must be listed, or
 * start-up fails naming the missing ones (a currency without a threshold must never mean "no approval").
 */
export function parseThresholds(text: string, variable = "REFUND_APPROVAL_THRESHOLD"): Partial<Record<CurrencyCode, number>> {
  const out: Partial<Record<CurrencyCode, number>> = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [cur, amount] = part.split(":").map((p) => p.trim());
    const minor = cur && amount && isCurrencyCode(cur) ? decimalToMinor(amount, cur) : null;
    if (!cur || !isCurrencyCode(cur) || minor === null) {
      throw new ConfigError(
        `Invalid configuration:\n  ${variable}: "${part}" is not CURRENCY:AMOUNT (currencies: ${CURRENCY_CODES.join(", ")})`,
      );
    }
    out[cur] = minor;
  }
  const missing = CURRENCY_CODES.filter((c) => out[c] === undefined);
  if (missing.length) {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: no amount for ${missing.join(", ")} (every accepted currency needs one)`);
  }
  return out;
}

/** MAX_CHARGE and CHARGE_CONFIRM_ABOVE, each for every currency; a confirmation above the maximum could never apply. */
function chargeGuards(max: string, confirmAbove: string): AppConfig["charges"] {
  const maxMinor = parseThresholds(max, "MAX_CHARGE");
  const confirmAboveMinor = parseThresholds(confirmAbove, "CHARGE_CONFIRM_ABOVE");
  const inverted = CURRENCY_CODES.filter((c) => confirmAboveMinor[c]! >= maxMinor[c]!);
  if (inverted.length)
    throw new ConfigError(
      `Invalid configuration:\n  CHARGE_CONFIRM_ABOVE: not below MAX_CHARGE for ${inverted.join(", ")} (no charge would ever be confirmed)`,
    );
  return { maxMinor, confirmAboveMinor };
}

/**
 * Who must present a second factor at sign-in (PCI DSS 4.0.1 8.4.2): `all` (default), `admins` (super-admins and
 * holders of USERS_MANAGE / ROLES_MANAGE), or `none` (local trials only: the dashboard warns at start).
 */
export type MfaRequired = "all" | "admins" | "none";

export interface MailConfig {
  /** nodemailer transport URL: SMTP_URL, or in test mode without it the sandbox's local mail catcher. */
  smtpUrl: string;
  from: string;
  /** True when mail goes to the sandbox's local catcher (test mode, no SMTP configured). */
  catcher: boolean;
  /** The catcher's web inbox (test mode only), for the start banner and the tests. */
  inboxUrl: string | null;
  /** How often the outbox worker looks for due mail (it is also woken right after a commit that queued some); 0 = never. */
  workerIntervalMs: number;
}

/** Days each kind of row is kept before the daily retention pass deletes it (server/services/retention/rules.ts). */
export interface RetentionConfig {
  /** Processed gateway notifications (RETENTION_NOTIFICATIONS_DAYS). */
  notificationsDays: number;
  /** Gateway-call records no payment timeline shows (RETENTION_GATEWAY_CALLS_DAYS). */
  gatewayCallsDays: number;
  /** Ended or expired sessions (RETENTION_SESSIONS_DAYS; never below the new-sign-in alert's look-back). */
  sessionsDays: number;
  /** Sign-in attempts, second-factor failures, lapsed lockouts, expired passkey challenges and set-password links (RETENTION_SIGN_IN_ATTEMPTS_DAYS). */
  signInAttemptsDays: number;
  /** Sent outbox mail (RETENTION_MAIL_DAYS). */
  mailDays: number;
}

export interface AppConfig {
  nodeEnv: "development" | "production" | "test";
  port: number;
  dataDir: string;
  /** Postgres server URL, or null for the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** The owner role's URL that applies migrations (DATABASE_MIGRATION_URL); null: databaseUrl migrates. */
  databaseMigrationUrl: string | null;
  /** Connections the request pool may open on databaseUrl (PGlite has one, whatever this says). */
  databasePoolSize: number;
  /** True when the dashboard talks to the sandbox gateway (no gateway URL configured): shows "Test mode". */
  testMode: boolean;
  appUrl: string;
  /** Where a state-changing request may come from: APP_URL's origin and ALLOWED_ORIGINS (server/http/origin.ts). */
  allowedOrigins: readonly string[];
  /** Shown to customers on the payment-link return page (MERCHANT_NAME; the sandbox's merchant in test mode). */
  merchantName: string;
  /** MERCHANT_COUNTRY: the billing address's country until staff change it. */
  merchantCountry: string;
  /** True when the dashboard is served over HTTPS: Secure cookies with __Secure-/__Host- names, HSTS. */
  secureCookies: boolean;
  /** Secret that signs the session cookie; null means "generate one and keep it in DATA_DIR" (server/auth/secret.ts). */
  authSecret: string | null;
  /**
   * The audit chain's key (null: generated into DATA_DIR/audit-chain-key), the previous keys that verify older
   * rows, how often the chain head is anchored and where the anchors are appended (never the database).
   */
  auditChain: { key: string | null; previousKeys: string[]; anchorEveryMs: number; anchorDir: string; mailTo: string | null };
  session: { idleMs: number; maxAgeMs: number };
  /** Days without a sign-in after which the daily pass disables an account (INACTIVE_ACCOUNT_DAYS, PCI DSS 8.2.6). */
  inactiveAccountDays: number;
  bootstrapAdmin: { email: string; password: string } | null;
  /** Path secret of the notification receiver; null means "generated into DATA_DIR/webhook-secret". */
  webhookSecret: string | null;
  refunds: { approvalThresholdMinor: Partial<Record<CurrencyCode, number>>; reasons: string[]; fourEyesLinkDays: number };
  /** Guards on what one charge may be (server/services/payments/charge-guard.ts), in minor units per currency. */
  charges: { maxMinor: Partial<Record<CurrencyCode, number>>; confirmAboveMinor: Partial<Record<CurrencyCode, number>> };
  /** Domains scheduled reports may go to without approval; null: the domains of the dashboard's users. */
  reportRecipientDomains: string[] | null;
  reconcileIntervalMs: number;
  /** How long issuers hold an authorization, per card brand (AUTH_HOLD_DAYS). */
  authHold: AuthHoldConfig;
  /** Days after a capture by which the settlement file is expected to list it, per card brand (SETTLEMENT_LAG_DAYS). */
  settlementLag: DaysPerBrand;
  /** The IANA zone whose calendar days the Overview and the reports count in (REPORT_TIME_ZONE). */
  reportTimeZone: string;
  /** The scheduled-reports pass interval (REPORT_SCHEDULER_INTERVAL_SECONDS; 0 = off). */
  reportSchedulerIntervalMs: number;
  /** Business unit of the merchant at the gateway: new users are created in it. */
  businessUnitId: string;
  setPasswordLinkMs: number;
  /** Billing plans: the scheduler's pass interval (0 = off), the waits before each retry of a declined charge. */
  plans: { schedulerIntervalMs: number; retryDelaysMs: number[]; defaultInterface: "v2" | "form" };
  /** The recurring call of "charge now" (and of plans unless PLAN_CHARGE_INTERFACE says otherwise): v2 JSON (4.11) or the form RECURRING_SALE (4.6). */
  recurring: { interface: "v2" | "form" };
  mfaRequired: MfaRequired;
  /** How recent a second factor must be for a sensitive action (step-up); STEP_UP_MINUTES, default 5. */
  stepUpMaxAgeMs: number;
  mail: MailConfig;
  /** How many reverse proxies in front of the dashboard append to X-Forwarded-For (0: the socket's peer address). */
  trustedProxyHops: number;
  /**
   * With a real gateway, the settings that fall short of PCI DSS that ALLOW_NON_PCI_SETTINGS=1 let through (start
   * refuses them otherwise); warned about at every start. Empty in test mode.
   */
  nonPciSettings: string[];
  /** How long a stopping instance waits for its requests in flight (SIGTERM, then SIGKILL after 30 s elsewhere). */
  shutdownGraceMs: number;
  /** On SIGTERM, how long the instance keeps serving with readiness at 503 before closing its listener (within the grace). */
  shutdownDelayMs: number;
  /** The bearer token Prometheus sends to GET /api/metrics (METRICS_TOKEN); null: the route answers 404. */
  metricsToken: string | null;
  /** OpenTelemetry traces: on when an OTLP endpoint is configured; the service name they carry. */
  tracing: { enabled: boolean; serviceName: string };
  /** WebAuthn relying party: the host name of APP_URL, its origin, and the name shown by authenticators. */
  webauthn: { rpId: string; origin: string; rpName: string };
  /** The gateway client's settings, as the client takes them (no read-attempts setting: the client's default). */
  gateway: GatewayConfig;
  retention: RetentionConfig;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function settlementLagOf(text: string): DaysPerBrand {
  try {
    return parseDaysPerBrand("SETTLEMENT_LAG_DAYS", text, DEFAULT_SETTLEMENT_LAG_DAYS, 30);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}

function authHoldOf(text: string): AuthHoldConfig {
  try {
    return parseAuthHold(text);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}

/** The gateway profile (#16): GATEWAY_PROFILE and its per-item overrides (server/gateway/profile.ts, README). */
function gatewayProfileOf(source: Record<string, string | undefined>): GatewayProfile {
  try {
    return readGatewayProfile(source);
  } catch (err) {
    const lines = (err as Error).message.split("\n").map((l) => `  ${l}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
}

function reportZoneOf(text: string): string {
  const checked = checkReportTimeZone(text, new Date());
  if ("error" in checked) throw new ConfigError(`Invalid configuration:\n  REPORT_TIME_ZONE: ${checked.error}`);
  return checked.zone;
}

/** What falls short of PCI DSS 4.0.1 in settings a trial may bend, one line each naming the variable and why. */
export function nonPciProblems(c: {
  appUrl: string;
  mfaRequired: string;
  idleMinutes: number;
  databaseUrl: string | null;
  inactiveAccountDays?: number;
  auditAnchorMinutes?: number;
}): string[] {
  const problems: string[] = [];
  if (!c.appUrl.startsWith("https://"))
    problems.push("APP_URL must be https:// (cardholder data and session cookies only over TLS, PCI DSS 4.2.1; cookies are then Secure).");
  if (c.mfaRequired !== "all") problems.push("MFA_REQUIRED must be all (a second factor for every user, PCI DSS 8.4.2).");
  if (c.idleMinutes > 15) problems.push("SESSION_IDLE_MINUTES must be 15 or less (PCI DSS 8.2.8).");
  if ((c.inactiveAccountDays ?? 0) > 90) problems.push("INACTIVE_ACCOUNT_DAYS must be 90 or less (PCI DSS 8.2.6).");
  if (c.auditAnchorMinutes === 0)
    problems.push("AUDIT_ANCHOR_MINUTES must not be 0: the audit trail is then never checkpointed nor anchored (PCI DSS 10.3.4).");
  if (!c.databaseUrl)
    problems.push("DATABASE_URL must name a PostgreSQL server: the embedded database is one process's files, for trials.");
  return problems;
}

export function readConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const profile = gatewayProfileOf(source);
  const sandboxUrl = `http://${e.SANDBOX_HOST}:${e.SANDBOX_PORT}`;
  const testMode = !e.GATEWAY_BASE_URL && !e.GATEWAY_API_URL;
  if (!testMode) {
    if (!e.GATEWAY_BASE_URL || !e.GATEWAY_API_URL) {
      throw new ConfigError("Invalid configuration: set both GATEWAY_BASE_URL and GATEWAY_API_URL, or neither (sandbox).");
    }
    const defaults = [
      ["GATEWAY_CLIENT_KEY", e.GATEWAY_CLIENT_KEY === SANDBOX_DEFAULTS.clientKey],
      ["GATEWAY_MERCHANT_SECRET", e.GATEWAY_MERCHANT_SECRET === SANDBOX_DEFAULTS.merchantSecret],
      ["GATEWAY_API_KEY", e.GATEWAY_API_KEY === SANDBOX_DEFAULTS.apiKey],
    ].filter(([, isDefault]) => isDefault);
    if (defaults.length) {
      throw new ConfigError(
        `Invalid configuration: a real gateway is configured but ${defaults.map(([n]) => n).join(", ")} still hold the sandbox's public test values.`,
      );
    }
  }
  // Invitations, password resets and factor resets are e-mails: with a real gateway and no SMTP they could reach
  // nobody, so the dashboard refuses to start. In test mode mail goes to the sandbox's local catcher.
  if (!testMode && !e.SMTP_URL) {
    throw new ConfigError(
      "Invalid configuration: a real gateway is configured but SMTP_URL is not set: invitations and password resets could not reach anyone.",
    );
  }
  if (e.SMTP_URL && !e.MAIL_FROM)
    throw new ConfigError("Invalid configuration: set MAIL_FROM with SMTP_URL (the sender address of the dashboard's e-mails).");
  const appUrl = (e.APP_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, "");
  // With a real gateway, card data flows: the defaults a trial may bend are refused unless bent on purpose.
  const nonPciSettings = testMode
    ? []
    : nonPciProblems({
        appUrl,
        mfaRequired: e.MFA_REQUIRED,
        idleMinutes: e.SESSION_IDLE_MINUTES,
        databaseUrl: e.DATABASE_URL ?? null,
        inactiveAccountDays: e.INACTIVE_ACCOUNT_DAYS,
        auditAnchorMinutes: e.AUDIT_ANCHOR_MINUTES,
      });
  if (nonPciSettings.length && e.ALLOW_NON_PCI_SETTINGS !== "1") {
    throw new ConfigError(
      `Invalid configuration for a real gateway:\n${nonPciSettings.map((p) => `  ${p}`).join("\n")}\n` +
        "Fix them, or set ALLOW_NON_PCI_SETTINGS=1 to start anyway (a warning is logged at every start).",
    );
  }
  const smtpCatcherPort = e.SANDBOX_SMTP_PORT ?? e.SANDBOX_PORT + 15;
  const catcher = testMode && !e.SMTP_URL;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseMigrationUrl: e.DATABASE_URL ? (e.DATABASE_MIGRATION_URL ?? null) : null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    testMode,
    merchantName: e.MERCHANT_NAME ?? (testMode ? SANDBOX_DEFAULTS.merchantName : "The merchant"),
    merchantCountry: e.MERCHANT_COUNTRY,
    appUrl,
    allowedOrigins: dashboardOrigins(appUrl, e.ALLOWED_ORIGINS),
    secureCookies: (e.APP_URL ?? "").startsWith("https://"),
    authSecret: e.NEXTAUTH_SECRET ?? null,
    auditChain: {
      key: e.AUDIT_CHAIN_KEY ?? null,
      previousKeys: e.AUDIT_CHAIN_PREVIOUS_KEYS,
      anchorEveryMs: e.AUDIT_ANCHOR_MINUTES * 60_000,
      anchorDir: path.resolve(e.AUDIT_ANCHOR_DIR ?? path.join(e.DATA_DIR, "audit-anchors")),
      mailTo: e.AUDIT_ANCHOR_MAIL_TO?.toLowerCase() ?? null,
    },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000 },
    inactiveAccountDays: e.INACTIVE_ACCOUNT_DAYS,
    webhookSecret: e.GATEWAY_WEBHOOK_SECRET ?? null,
    charges: chargeGuards(e.MAX_CHARGE, e.CHARGE_CONFIRM_ABOVE),
    refunds: {
      approvalThresholdMinor: parseThresholds(e.REFUND_APPROVAL_THRESHOLD),
      reasons: [
        ...new Set(
          e.REFUND_REASONS.split(",")
            .map((r) => r.trim())
            .filter(Boolean),
        ),
      ],
      fourEyesLinkDays: e.FOUR_EYES_LINK_DAYS,
    },
    reportRecipientDomains: e.REPORT_RECIPIENT_DOMAINS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
    authHold: authHoldOf(e.AUTH_HOLD_DAYS),
    settlementLag: settlementLagOf(e.SETTLEMENT_LAG_DAYS),
    reportTimeZone: reportZoneOf(e.REPORT_TIME_ZONE),
    reportSchedulerIntervalMs: e.REPORT_SCHEDULER_INTERVAL_SECONDS * 1000,
    businessUnitId: e.GATEWAY_BUSINESS_UNIT_ID,
    setPasswordLinkMs: e.SET_PASSWORD_LINK_HOURS * 3_600_000,
    plans: {
      schedulerIntervalMs: e.PLAN_SCHEDULER_INTERVAL_SECONDS * 1000,
      retryDelaysMs: parseRetryDelays(e.PLAN_RETRY_DELAYS),
      defaultInterface: e.PLAN_CHARGE_INTERFACE ?? e.RECURRING_INTERFACE,
    },
    recurring: { interface: e.RECURRING_INTERFACE },
    mfaRequired: e.MFA_REQUIRED,
    stepUpMaxAgeMs: e.STEP_UP_MINUTES * 60_000,
    mail: {
      smtpUrl: e.SMTP_URL ?? `smtp://${e.SANDBOX_HOST}:${smtpCatcherPort}`,
      from: e.MAIL_FROM ?? "Merchant dashboard <dashboard@example.com>",
      catcher,
      inboxUrl: catcher ? `${sandboxUrl}/mail` : null,
      workerIntervalMs: e.MAIL_WORKER_INTERVAL_SECONDS * 1000,
    },
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDelayMs: Math.min(e.SHUTDOWN_DELAY_SECONDS, e.SHUTDOWN_GRACE_SECONDS) * 1000,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracing: {
      enabled: Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
      serviceName: e.OTEL_SERVICE_NAME,
    },
    nonPciSettings,
    webauthn: { rpId: new URL(appUrl).hostname, origin: new URL(appUrl).origin, rpName: "Merchant dashboard" },
    bootstrapAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    gateway: {
      baseUrl: (e.GATEWAY_BASE_URL ?? sandboxUrl).replace(/\/+$/, ""),
      apiUrl: (e.GATEWAY_API_URL ?? sandboxUrl).replace(/\/+$/, ""),
      clientKey: e.GATEWAY_CLIENT_KEY,
      merchantSecret: e.GATEWAY_MERCHANT_SECRET,
      apiKey: e.GATEWAY_API_KEY,
      partialRefundMerchantField: e.GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD,
      profile,
      connectTimeoutMs: e.GATEWAY_CONNECT_TIMEOUT_MS,
      requestTimeoutMs: e.GATEWAY_TIMEOUT_MS,
      deadlineMs: e.GATEWAY_DEADLINE_MS,
      collectorOrigins: e.GATEWAY_COLLECTOR_ORIGINS,
    },
    retention: {
      notificationsDays: e.RETENTION_NOTIFICATIONS_DAYS,
      gatewayCallsDays: e.RETENTION_GATEWAY_CALLS_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
      signInAttemptsDays: e.RETENTION_SIGN_IN_ATTEMPTS_DAYS,
      mailDays: e.RETENTION_MAIL_DAYS,
    },
  };
}
