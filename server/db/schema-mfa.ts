// Second factors (issue #11, PCI DSS 4.0.1 8.4.2): the TOTP authenticator (secret encrypted at rest), recovery codes
// (hashed, single use), passkeys (WebAuthn public keys), WebAuthn challenges bound to a session, and failed factor
// attempts (the factor step's throttle). No `import "server-only"`: drizzle-kit reads it; it holds no secret in clear.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./schema";

/** One authenticator app per user. `confirmedAt` is null while the enrolment waits for its first code. */
export const mfaTotp = pgTable("mfa_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM of the Base32 secret, key derived by HKDF from the auth secret (server/auth/mfa/secret-box.ts). */
  secretEnc: text("secret_enc").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The RFC 6238 time step of the last accepted code: a code of that step or earlier is refused (no replay). */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});

/** Single-use recovery codes: only the SHA-256 of each (high-entropy) code is kept. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_hash_unique").on(t.userId, t.codeHash)],
);

/** Passkeys (WebAuthn credentials) a user added as a second factor. */
export const mfaPasskeys = pgTable(
  "mfa_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("mfa_passkeys_credential_unique").on(t.credentialId), index("mfa_passkeys_user_idx").on(t.userId)],
);

/** WebAuthn challenges: bound to the session that asked, single use, valid 5 minutes. */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("mfa_challenges_session_idx").on(t.sessionId),
    check("mfa_challenges_purpose_check", sql`${t.purpose} in ('register', 'authenticate')`),
  ],
);

/**
 * Failed second-factor attempts: the factor step's throttle (server/auth/mfa/factor-limiter.ts). Counted per pending
 * session, per user over their pending sessions, and per user over their verified sessions, so that the password
 * alone cannot lock a verified session's step-up.
 */
export const mfaFailures = pgTable(
  "mfa_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").notNull(),
    /** The session that presented the wrong factor (null on rows older than this column). */
    sessionId: uuid("session_id"),
    /** Whether that session had passed the password step only (its sign-in still owed the second factor). */
    pending: boolean("pending").notNull().default(true),
  },
  (t) => [index("mfa_failures_user_at_idx").on(t.userId, t.at), index("mfa_failures_session_idx").on(t.sessionId)],
);

/**
 * One-time links that let a user enrol a second factor again after a super-admin reset theirs: the password alone
 * is then not enough (a phished password plus a "lost my phone" call must not hand the account over). Only the
 * SHA-256 of the token is kept; a link works once, until it expires, and a newer one voids the older. The user's
 * newest link that is neither used nor voided (live or expired) is what makes enrolment need a link at all; so no
 * retention rule purges these rows (an expired, unused link must keep asking for a new one). One row per reset.
 */
export const mfaEnrolmentLinks = pgTable(
  "mfa_enrolment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The super-admin whose reset issued it. */
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("mfa_enrolment_links_hash_unique").on(t.tokenHash), index("mfa_enrolment_links_user_idx").on(t.userId)],
);
