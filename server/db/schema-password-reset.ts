// Forgot-password requests, kept one hour or so to throttle the route per client IP and per e-mail address. The
// address is stored only as its SHA-256 (the table must not become a list of who asked), and a request is
// counted whether or not an account exists, so the throttle itself reveals nothing.
// No `import "server-only"`: drizzle-kit reads it; it holds no secret.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the lower-cased address that was typed. */
    emailHash: text("email_hash").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("password_reset_requests_email_idx").on(t.emailHash, t.createdAt),
    index("password_reset_requests_ip_idx").on(t.ip, t.createdAt),
    index("password_reset_requests_created_idx").on(t.createdAt),
  ],
);
