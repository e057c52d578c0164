// Drizzle schema of the dashboard's own database. Migrations are generated from this file by drizzle-kit
// (`npm run db:generate`) into server/db/migrations and applied on start.
// No `import "server-only"`: drizzle-kit and the scripts read it; it holds no secret.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Every call made to the gateway: what was asked, what came back (both redacted: no card number, CVV, hash or
 * key), how long it took and how it ended. A payment's timeline and the reconciler read it.
 */
export const gatewayCalls = pgTable(
  "gateway_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operation: text("operation").notNull(),
    orderId: text("order_id"),
    transactionId: text("transaction_id"),
    outcome: text("outcome").notNull(),
    gatewayCode: text("gateway_code"),
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms").notNull(),
    attempts: integer("attempts").notNull().default(1),
    request: jsonb("request").notNull(),
    response: jsonb("response"),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * Why the call was made, when it was a read: "page_view" (the payment page's live panel, never a timeline
     * event), "user_sync" (a person's "Sync with gateway"), "sync" (notifications, the reconciler). Null otherwise.
     */
    purpose: text("purpose"),
  },
  (t) => [
    index("gateway_calls_transaction_idx").on(t.transactionId, t.startedAt),
    index("gateway_calls_order_idx").on(t.orderId, t.startedAt),
    index("gateway_calls_started_idx").on(t.startedAt),
    check("gateway_calls_outcome_check", sql`${t.outcome} in ('success', 'declined', 'gateway_error', 'transport')`),
    check("gateway_calls_latency_check", sql`${t.latencyMs} >= 0`),
  ],
);

export type GatewayCallRow = typeof gatewayCalls.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Identity and access (sign-in, sessions, roles) and the audit log.

/** Dashboard users. The e-mail is stored lower-cased; the password as a scrypt hash (server/auth/password.ts). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    userType: text("user_type").notNull().default("USER"),
    status: text("status").notNull().default("active"),
    /** Bumped by sign-out, disable and password change: every token carrying an older version is refused. */
    sessionVersion: integer("session_version").notNull().default(1),
    extraPermissions: text("extra_permissions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    phoneNumber: text("phone_number"),
    gatewayUserId: text("gateway_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Set on the generated first super-admin (and after an administrator's reset): the next sign-in must change it. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Who created the account (null: first start, a script): a refund's requester may not approve it through an account they made. */
    createdBy: uuid("created_by"),
    /** The user's language ('en', 'ar'); null: follow the browser (cookie, then Accept-Language). */
    uiLanguage: text("ui_language"),
    /** Digits in Arabic: 'latn' (the default, as Saudi finance writes them) or 'arab' (Arabic-Indic). */
    uiDigits: text("ui_digits").notNull().default("latn"),
    /** Show the Hijri date as a second line under dates. */
    uiHijri: boolean("ui_hijri").notNull().default(false),
    /** Whose clock dates are shown in: 'business' (REPORT_TIME_ZONE, the default) or 'browser' (the reader's own). */
    uiTimeZone: text("ui_time_zone").notNull().default("business"),
    /**
     * Why the account is disabled: 'admin' (a person disabled it) or 'inactive' (unused for INACTIVE_ACCOUNT_DAYS,
     * PCI DSS 8.2.6); null while active, and on accounts disabled before the reason was kept.
     */
    disabledReason: text("disabled_reason"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** When an administrator last enabled the account again: its inactivity is counted from then at the earliest. */
    reenabledAt: timestamp("reenabled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_disabled_reason_check", sql`${t.disabledReason} in ('admin', 'inactive')`),
    check("users_ui_language_check", sql`${t.uiLanguage} in ('en', 'ar')`),
    check("users_ui_digits_check", sql`${t.uiDigits} in ('latn', 'arab')`),
    check("users_ui_time_zone_check", sql`${t.uiTimeZone} in ('business', 'browser')`),
    check("users_type_check", sql`${t.userType} in ('USER', 'SUPER_ADMIN')`),
    check("users_status_check", sql`${t.status} in ('active', 'disabled')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Roles: the gateway's roles mirrored here (source 'gateway'), or seeded locally until the mirror exists. */
export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    businessUnitId: text("business_unit_id"),
    /** The gateway's id of the role once mirrored (a local role of the same name becomes the gateway's). */
    gatewayRoleId: text("gateway_role_id"),
    permissions: text("permissions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text("source").notNull().default("local"),
    mirroredAt: timestamp("mirrored_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("roles_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("roles_gateway_id_unique").on(t.gatewayRoleId),
    check("roles_source_check", sql`${t.source} in ('local', 'gateway')`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** One row per signed-in browser: idle and absolute lifetimes are enforced from here on every request. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * When the second factor was presented for this session. Null while the sign-in waits for it (no page and no
     * API call works then, but the second-factor step itself), or when MFA_REQUIRED does not ask this user for one.
     */
    mfaVerifiedAt: timestamp("mfa_verified_at", { withTimezone: true }),
    /** The latest second-factor check of this session (sign-in or step-up): step-up asks again when it is stale. */
    factorAt: timestamp("factor_at", { withTimezone: true }),
    /** Which factor that was: totp, recovery_code or passkey. */
    factorKind: text("factor_kind"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Sign-in attempts, kept in the database so that throttling holds across several app instances. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** What was tried: sign_in, change_password or set_password (each counted on its own; server/auth/throttle.ts). */
    scope: text("scope").notNull().default("sign_in"),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.at), index("login_attempts_ip_idx").on(t.ip, t.at)],
);

/**
 * Append-only audit log. Each row's hash is SHA-256 over the previous row's hash and this row's content
 * (server/audit/chain.ts), so that editing or deleting a row breaks the chain at that point. A trigger refuses
 * UPDATE and DELETE (migration 0001).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    summary: jsonb("summary").notNull(),
    prevHash: text("prev_hash").notNull(),
    /** The chain's MAC of this row (HMAC-SHA-256 under the key named by keyId; plain SHA-256 for rows from
     * before the keyed chain, whose keyId is null). */
    hash: text("hash").notNull(),
    /** Which AUDIT_CHAIN_KEY computed `hash`: a fingerprint of the key, never the key. */
    keyId: text("key_id"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    uniqueIndex("audit_log_hash_unique").on(t.hash),
  ],
);

/**
 * Verified points of the audit chain: "rows up to throughId verified, that row's MAC was mac, rowCount rows in
 * all". Each is signed with the chain key (sig), so the database role cannot forge one; the incremental check
 * starts from the newest valid checkpoint. Append-only like the log.
 */
export const auditCheckpoints = pgTable("audit_checkpoints", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  throughId: bigint("through_id", { mode: "number" }).notNull(),
  mac: text("mac").notNull(),
  rowCount: bigint("row_count", { mode: "number" }).notNull(),
  /** true when the pass walked the whole chain from its first row; false when it started at a checkpoint. */
  full: boolean("full").notNull(),
  keyId: text("key_id").notNull(),
  sig: text("sig").notNull(),
});

/** One-time links that let a new user choose their password. Only the token's SHA-256 is stored. */
/**
 * The gateway's 3-D Secure pages (S2S `html`, or the collector's page), kept for a few minutes for the user who
 * started the payment and served unmodified into the sandboxed frame. In the database, not in process memory, so
 * that the frame's request may reach any app instance. The view id is a random capability; only its hash is kept.
 */
export const threeDsViews = pgTable(
  "three_ds_views",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id").notNull(),
    paymentId: uuid("payment_id").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("three_ds_views_payment_idx").on(t.paymentId), index("three_ds_views_expires_idx").on(t.expiresAt)],
);

export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    /** `invite` (a new user's set-password link) or `reset` (forgot password). */
    kind: text("kind").notNull().default("invite"),
    /** Set when a newer link of the same user replaces this one (a re-sent invitation voids the old link). */
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("password_tokens_hash_unique").on(t.tokenHash),
    index("password_tokens_user_idx").on(t.userId),
    check("password_tokens_kind_check", sql`${t.kind} in ('invite', 'reset')`),
  ],
);

/**
 * E-mails to send (server/mail/): written in the same transaction as the action that causes them, sent after it
 * commits by the outbox worker, retried with backoff. The body holds at most a one-time link (never card data or
 * another secret) and is cleared once the mail is sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /** Files sent with the mail (a scheduled report's CSV), content base64; cleared with the body once final. */
    attachments: jsonb("attachments").$type<MailAttachmentRow[]>(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Claimed by a worker until this time (a crashed worker's claim lapses). */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** One attachment of an outbox mail, as stored: name, MIME type and the bytes in base64. */
export interface MailAttachmentRow {
  filename: string;
  contentType: string;
  contentBase64: string;
}
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// The ledger: the dashboard's own record of every payment it starts or hears about, and of every money action.
// Amounts are integer minor units (bigint columns read as JS numbers: at most 2^53, far above any card amount).

/**
 * Payment states (forward only; see server/ledger/states.ts):
 * pending → awaiting_3ds → authorized → captured → partially_refunded → refunded; authorized → voided;
 * any open state → declined | failed; `unknown` when a call's outcome is not known until a status query.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: text("order_id").notNull(),
    /** The gateway's one id for the payment: trans_id = paymentId = transactionId = gwayId. */
    gatewayId: text("gateway_id"),
    kind: text("kind").notNull(),
    /**
     * What the payment was asked to do: 'sale' (authorize and capture at once) or 'authorize' (hold the money for a
     * later capture). Set at creation, and to 'authorize' whenever the ledger learns of an authorization.
     */
    intent: text("intent").notNull().default("sale"),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    authorizedMinor: bigint("authorized_minor", { mode: "number" }).notNull().default(0),
    capturedMinor: bigint("captured_minor", { mode: "number" }).notNull().default(0),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    description: text("description"),
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    payerPhone: text("payer_phone"),
    /** The customer's IP at payment time (the partial-refund call sends it as payer_ip). */
    payerIp: text("payer_ip"),
    /** The billing address given with a form-interface sale or a link (a later saved-card sale needs one). */
    payerAddress: text("payer_address"),
    payerCity: text("payer_city"),
    payerZip: text("payer_zip"),
    payerCountry: text("payer_country"),
    cardBin6: text("card_bin6"),
    cardLast4: text("card_last4"),
    cardBrand: text("card_brand"),
    cardExpiry: text("card_expiry"),
    branchId: text("branch_id"),
    recurringToken: text("recurring_token"),
    cardToken: text("card_token"),
    parentPaymentId: uuid("parent_payment_id"),
    declineReason: text("decline_reason"),
    gatewayStatus: text("gateway_status"),
    /** The retrieval reference number the acquirer gave the payment (capture answer, status query): what a card
     * holder's bank quotes, and the key a settlement file matches on. */
    rrn: text("rrn"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("payments_order_unique").on(t.orderId),
    uniqueIndex("payments_gateway_id_unique").on(t.gatewayId),
    // Keyset pagination of the transactions list: newest first, id as the tie-breaker.
    index("payments_created_idx").on(t.createdAt, t.id),
    index("payments_status_created_idx").on(t.status, t.createdAt, t.id),
    // The e-mail filter compares lower-cased values; sorting by amount pages by (amount, id).
    index("payments_email_lower_idx").on(sql`lower(${t.payerEmail})`),
    index("payments_amount_idx").on(t.amountMinor, t.id),
    index("payments_last4_idx").on(t.cardLast4),
    index("payments_branch_idx").on(t.branchId, t.createdAt),
    // Search from anywhere (server/services/search/): an RRN exactly, a phone by its last 8 digits whatever its
    // spelling (+966 50…, 050…), and parts of an e-mail, a folded name or an order id through trigrams, so a
    // search costs index lookups, not a scan of the ledger. search_fold and phone_tail are SQL functions of
    // migration 0032 (the same folding as lib/search/fold.ts).
    index("payments_rrn_idx").on(t.rrn),
    index("payments_phone_tail_idx").on(sql`phone_tail(${t.payerPhone})`),
    index("payments_email_trgm_idx").using("gin", sql`lower(${t.payerEmail}) gin_trgm_ops`),
    index("payments_name_trgm_idx").using("gin", sql`search_fold(${t.payerName}) gin_trgm_ops`),
    index("payments_order_trgm_idx").using("gin", sql`${t.orderId} gin_trgm_ops`),
    check(
      "payments_amounts_check",
      sql`${t.amountMinor} >= 0 and ${t.authorizedMinor} >= 0 and ${t.capturedMinor} >= 0 and ${t.refundedMinor} >= 0`,
    ),
    // The money rules, held by the database itself as the last line of defence.
    check("payments_capture_le_authorized", sql`${t.capturedMinor} <= ${t.authorizedMinor}`),
    check("payments_refund_le_captured", sql`${t.refundedMinor} <= ${t.capturedMinor}`),
    check("payments_intent_check", sql`${t.intent} in ('sale', 'authorize')`),
    check(
      "payments_status_check",
      sql`${t.status} in ('pending', 'awaiting_3ds', 'authorized', 'captured', 'partially_refunded', 'refunded', 'voided', 'declined', 'failed', 'unknown')`,
    ),
  ],
);

/**
 * Captures, voids and refunds of a payment. Each is written before the gateway is called (state `in_flight`,
 * or `pending_approval` for a refund above the threshold), then updated with the outcome; `unknown` when the
 * call timed out, until the reconciler settles it. The idempotency key makes a replay return the first result.
 */
export const paymentActions = pgTable(
  "payment_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    type: text("type").notNull(),
    /** For refunds: "full" (CREDITVOID) or "partial" (the partial-refund endpoint). */
    method: text("method"),
    state: text("state").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    gatewayRefId: text("gateway_ref_id"),
    reasonCode: text("reason_code"),
    note: text("note"),
    outcomeMessage: text("outcome_message"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    requestedBy: uuid("requested_by").notNull(),
    approvedBy: uuid("approved_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("payment_actions_idempotency_unique").on(t.idempotencyKey),
    index("payment_actions_payment_idx").on(t.paymentId, t.createdAt),
    index("payment_actions_state_idx").on(t.type, t.state, t.createdAt),
    check("payment_actions_type_check", sql`${t.type} in ('capture', 'void', 'refund')`),
    check(
      "payment_actions_state_check",
      sql`${t.state} in ('pending_approval', 'in_flight', 'succeeded', 'declined', 'failed', 'unknown', 'rejected')`,
    ),
    check("payment_actions_amount_check", sql`${t.amountMinor} >= 0`),
    check("payment_actions_approver_check", sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`),
  ],
);

/** Notifications received from the gateway: stored as received (card masked), deduplicated, then processed. */
export const gatewayNotifications = pgTable(
  "gateway_notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    contentType: text("content_type"),
    action: text("action"),
    result: text("result"),
    status: text("status"),
    transId: text("trans_id"),
    orderId: text("order_id"),
    hashValid: boolean("hash_valid").notNull(),
    payload: jsonb("payload").notNull(),
    processingResult: text("processing_result"),
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
    paymentId: uuid("payment_id"),
  },
  (t) => [
    uniqueIndex("gateway_notifications_dedupe_unique").on(t.dedupeKey),
    index("gateway_notifications_trans_idx").on(t.transId, t.receivedAt),
    index("gateway_notifications_pending_idx").on(t.processedAt),
    // #16: the Overview's count (and list) of notifications that failed verification in the last 24 hours.
    index("gateway_notifications_failed_idx")
      .on(t.receivedAt)
      .where(sql`${t.processingResult} = 'invalid_hash'`),
  ],
);

/** Saved views of the transactions list, per user ("my morning filter"). */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The list's query string (filters, sort, columns), as the URL holds it. */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_user_name_unique").on(t.userId, t.name)],
);

/** Payment links (hosted checkout sessions): the link the customer opens, and its invoice dates (contract 4.9). */
export const paymentLinks = pgTable(
  "payment_links",
  {
    paymentId: uuid("payment_id")
      .primaryKey()
      .references(() => payments.id),
    url: text("url").notNull(),
    sessionId: text("session_id"),
    /** YYYY-MM-DD, as sent to the gateway (defaults of section 8 applied). */
    issueDate: text("issue_date").notNull(),
    expireDate: text("expire_date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set when staff cancelled the link before it was paid (the gateway has no call for it: the ledger closes it). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    cancelledBy: uuid("cancelled_by"),
  },
  (t) => [index("payment_links_expire_idx").on(t.expireDate), index("payment_links_created_idx").on(t.createdAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentActionRow = typeof paymentActions.$inferSelect;
export type GatewayNotificationRow = typeof gatewayNotifications.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Billing plans: the merchant's own schedule on a recurring token (the gateway leaves cycles and retries to the
// merchant, contract 1.7). Each charge attempt is a normal ledger payment of kind "recurring"; the plan's charge
// rows link the attempts to the plan and carry the per-cycle idempotency key.

/**
 * A plan on one recurring token (its first payment). `cycle` is the cycle charged next (0 = anchor date);
 * its date is always computed from `anchor_date` (server/services/recurring/plans/schedule.ts), so a monthly plan
 * anchored on the 31st comes back to the 31st after shorter months. `next_charge_at` is when the scheduler next
 * tries: the cycle's date, or a retry after a decline. While `in_flight_charge_id` is set the plan is not due:
 * an attempt is being made or its outcome is not known yet (the reconciler settles it first).
 */
export const billingPlans = pgTable(
  "billing_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstPaymentId: uuid("first_payment_id")
      .notNull()
      .references(() => payments.id),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    interval: text("interval").notNull(),
    /**
     * YYYY-MM-DD (a day of the business zone): the date of cycle `anchorCycle` (the first charge date until an edit
     * moves the charge day); every other cycle's date is computed from it (schedule.ts planCycleDate).
     */
    anchorDate: text("anchor_date").notNull(),
    /** The cycle whose date is anchorDate: 0 at creation, the cycle then due after an edit of the charge day. */
    anchorCycle: integer("anchor_cycle").notNull().default(0),
    description: text("description").notNull(),
    /** Recurring call used: "v2" (JSON, contract 4.11) or "form" (RECURRING_SALE 4.6, whole units only). */
    interface: text("interface").notNull(),
    status: text("status").notNull().default("active"),
    pauseReason: text("pause_reason"),
    cycle: integer("cycle").notNull().default(0),
    /** Declined attempts in the current cycle since the last resume: what the retry policy counts. */
    attempt: integer("attempt").notNull().default(0),
    nextChargeAt: timestamp("next_charge_at", { withTimezone: true, mode: "date" }).notNull(),
    inFlightChargeId: uuid("in_flight_charge_id"),
    lastChargeId: uuid("last_charge_id"),
    /** YYYY-MM-DD of the business zone: the last day a charge may be made; null with no end date. */
    endDate: text("end_date"),
    /** The plan's total number of charges (its cycles); null with no such end. Never set with endDate. */
    maxCharges: integer("max_charges"),
    /** Approved charges so far: what maxCharges counts. */
    chargesMade: integer("charges_made").notNull().default(0),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // At most one live plan per recurring token: two plans would bill the customer twice.
    uniqueIndex("billing_plans_live_token_unique")
      .on(t.firstPaymentId)
      .where(sql`${t.status} in ('active', 'paused')`),
    index("billing_plans_due_idx").on(t.status, t.nextChargeAt),
    index("billing_plans_created_idx").on(t.createdAt, t.id),
    check("billing_plans_status_check", sql`${t.status} in ('active', 'paused', 'cancelled', 'completed')`),
    check("billing_plans_interval_check", sql`${t.interval} in ('weekly', 'monthly', 'yearly')`),
    check("billing_plans_interface_check", sql`${t.interface} in ('v2', 'form')`),
    check("billing_plans_amount_check", sql`${t.amountMinor} > 0`),
    check("billing_plans_counters_check", sql`${t.cycle} >= 0 and ${t.attempt} >= 0`),
    // One end at most: an end date or a number of charges, never both.
    check("billing_plans_one_end_check", sql`${t.endDate} is null or ${t.maxCharges} is null`),
    check(
      "billing_plans_end_counters_check",
      sql`(${t.maxCharges} is null or ${t.maxCharges} >= 1) and ${t.chargesMade} >= 0 and ${t.anchorCycle} >= 0`,
    ),
  ],
);

/**
 * One charge attempt of a plan: written (with the plan's in-flight mark) in the transaction that claims the due
 * plan, before the ledger payment and before any gateway call. (plan, cycle, attempt) is unique and the order id
 * and idempotency key are derived from it, so a crash or a second scheduler can never charge an attempt twice.
 */
export const billingPlanCharges = pgTable(
  "billing_plan_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => billingPlans.id),
    cycle: integer("cycle").notNull(),
    /** The attempt's number within its cycle: 0 for the first try, never reused (not even after a resume). */
    attempt: integer("attempt").notNull(),
    /** YYYY-MM-DD: the cycle's scheduled date. */
    cycleDate: text("cycle_date").notNull(),
    orderId: text("order_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The plan's amount when the attempt was claimed: what it charges, whatever an edit of the plan says later. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id),
    /** claimed → captured | authorized | declined | failed | unknown (waiting for the reconciler). */
    outcome: text("outcome").notNull().default("claimed"),
    declineReason: text("decline_reason"),
    /** After a decline: when the next attempt is due (null when the plan was paused instead). */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("billing_plan_charges_attempt_unique").on(t.planId, t.cycle, t.attempt),
    uniqueIndex("billing_plan_charges_order_unique").on(t.orderId),
    uniqueIndex("billing_plan_charges_key_unique").on(t.idempotencyKey),
    uniqueIndex("billing_plan_charges_payment_unique").on(t.paymentId),
    index("billing_plan_charges_plan_idx").on(t.planId, t.createdAt),
    index("billing_plan_charges_outcome_idx").on(t.outcome, t.createdAt),
  ],
);

export type BillingPlanRow = typeof billingPlans.$inferSelect;
export type BillingPlanChargeRow = typeof billingPlanCharges.$inferSelect;
export * from "./schema-password-reset";
export * from "./schema-throttle";
export * from "./schema-passwords";
export * from "./schema-mfa";
export * from "./schema-reports";
export * from "./schema-report-schedules";
export * from "./schema-notes";
export * from "./schema-reconciliation";
