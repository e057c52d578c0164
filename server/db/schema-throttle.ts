// Lockouts of the sign-in throttle (server/auth/throttle.ts): one row per locked key (scope, e-mail or IP), so a
// lock lasts its full 30 minutes whatever the counting window, and a refused attempt is audited once per lock.
// No `import "server-only"`: drizzle-kit reads it; it holds no secret.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const throttleLocks = pgTable("throttle_locks", {
  /** `<scope>:email:<address>` or `<scope>:ip:<address>`. */
  key: text("key").primaryKey(),
  lockedAt: timestamp("locked_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
  /** When the first refused attempt of this lock was audited (later refusals of the same lock are not). */
  auditedAt: timestamp("audited_at", { withTimezone: true }),
});
