// Drizzle schema of the dashboard's own database. Migrations are generated from this file by drizzle-kit
// (`npm run db:generate`) into server/db/migrations and applied on start.
// No `import "server-only"`: drizzle-kit and the scripts read it; it holds no secret.
import { sql } from "drizzle-orm";
import {
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
  },
  (t) => [
    index("gateway_calls_transaction_idx").on(t.transactionId, t.startedAt),
    index("gateway_calls_order_idx").on(t.orderId, t.startedAt),
    index("gateway_calls_started_idx").on(t.startedAt),
    check(
      "gateway_calls_outcome_check",
      sql`${t.outcome} in ('success', 'declined', 'gateway_error', 'transport')`,
    ),
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
    extraPermissions: text("extra_permissions").array().notNull().default(sql`'{}'::text[]`),
    phoneNumber: text("phone_number"),
    gatewayUserId: text("gateway_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
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
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    source: text("source").notNull().default("local"),
    mirroredAt: timestamp("mirrored_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("roles_name_unique").on(sql`lower(${t.name})`),
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
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    uniqueIndex("audit_log_hash_unique").on(t.hash),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
