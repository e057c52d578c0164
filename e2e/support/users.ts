// The people the browser tests sign in as. Created in the e2e run's fresh database before the dashboard starts.
export const PASSWORD = "e2e-password-123456";

export const E2E_USERS = {
  admin: { email: "admin@e2e.test", name: "Ada Admin", userType: "SUPER_ADMIN" as const, roles: [] as string[] },
  reader: { email: "reader@e2e.test", name: "Rami Reader", userType: "USER" as const, roles: ["read-only"] },
  finance: { email: "finance@e2e.test", name: "Fatima Finance", userType: "USER" as const, roles: ["finance"] },
  backOffice: { email: "ops@e2e.test", name: "Omar Ops", userType: "USER" as const, roles: ["back-office"] },
  throttled: { email: "locked@e2e.test", name: "Layla Locked", userType: "USER" as const, roles: ["read-only"] },
  toDisable: { email: "leaving@e2e.test", name: "Dina Leaving", userType: "USER" as const, roles: ["read-only"] },
  toPromote: { email: "growing@e2e.test", name: "Gamal Growing", userType: "USER" as const, roles: ["read-only"] },
  roleWatcher: { email: "watcher@e2e.test", name: "Wafa Watcher", userType: "USER" as const, roles: ["read-only"] },
  /** Resets their password through "Forgot your password?" (forgot-password.spec.ts); no other spec signs in as them. */
  forgetful: { email: "forgetful@e2e.test", name: "Faris Forgetful", userType: "USER" as const, roles: ["read-only"] },
  /** Signed in from two browsers by e2e/sessions.spec.ts, which signs the other one out: nobody else uses it. */
  sessions: { email: "sessions@e2e.test", name: "Sami Sessions", userType: "USER" as const, roles: ["read-only"] },
  /** Signs out in e2e/auth.spec.ts, which ends every session of the user: nobody else uses it. */
  signsOut: { email: "signs-out@e2e.test", name: "Salim Signout", userType: "USER" as const, roles: ["read-only"] },
  /** Switches their clock to the browser's on the Account page (e2e/business-time-zone.spec.ts): nobody else uses it. */
  clock: { email: "clock@e2e.test", name: "Huda Hours", userType: "USER" as const, roles: ["finance"] },
};

/**
 * A payment seeded straight into the run's ledger at 01:30 on 1 March 2025 in Riyadh (22:30 UTC the day before):
 * the business-time-zone spec finds it on the same day on every screen and in every export. Long before any other
 * spec's period, so no figure another spec reads counts it.
 */
export const NIGHT_PAYMENT = {
  orderId: "e2e-bizday-0130",
  createdAt: "2025-02-28T22:30:00.000Z",
  businessDay: "2025-03-01",
  utcDay: "2025-02-28",
  amount: "130.00",
  payerEmail: "night.owl@example.com",
  payerName: "Noura Night",
};

/**
 * June 2024 in the run's ledger, seeded straight in like the night payment, for every-working-day.spec.ts: 125
 * captured sales of SAR 999,999.99 (SAR 124,999,998.75 in all: a figure of more than 100 million, which the
 * Overview's tiles must fit) and two declines, one with a reason the dashboard knows ("Do not honor", translated)
 * and one it does not (shown as the gateway's own words inside a translated sentence). No e-mail, so they make no
 * customer; long before any other spec's period, so no figure another spec reads counts them.
 */
export const JUNE_2024 = {
  from: "2024-06-01",
  to: "2024-06-30",
  bigSales: 125,
  bigSaleMinor: 99_999_999,
  grossExact: "SAR 124,999,998.75",
  knownDecline: { orderId: "e2e-june-decline-known", reason: "Do not honor" },
  otherDecline: { orderId: "e2e-june-decline-other", reason: "Velocity limit exceeded (code 61)" },
};
