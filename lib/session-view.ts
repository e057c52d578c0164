// A live session as the sessions lists show it (Account → "Where you're signed in", a user's page in Users): the
// shape the sessions services return and the sessions table renders.
export interface SessionView {
  id: string;
  browser: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** The second factor presented at sign-in or step-up (totp, recovery_code, passkey); null when none was asked. */
  factorKind: string | null;
  /** The session that is asking (the viewer's own browser). */
  current: boolean;
}
