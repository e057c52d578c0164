// The last passwords of each user (scrypt hashes only), so a new password cannot be one of the last 4 (PCI DSS
// 8.3.7). Written by server/auth/password-history.ts wherever a password is set.
// No `import "server-only"`: drizzle-kit reads it; it holds no secret.
import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

export const passwordHistory = pgTable(
  "password_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_history_user_idx").on(t.userId, t.setAt)],
);
