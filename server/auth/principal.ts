// Who is making this request, checked against the database on every request: the session row is live (not
// signed out, not idle past the limit, not older than the absolute limit), the user is active, and the token's
// session version is the user's current one (sign-out, disable and password change bump it). A session that still
// owes its second factor, or whose user must change a generated password, is not a usable principal: the result
// says which step is pending, and only the routes and pages of that step accept it (server/http/route-core.ts).
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { isDigitStyle, isLanguage, isTimeZoneChoice, type DigitStyle, type Language, type TimeZoneChoice } from "@/lib/i18n/languages";
import { PERMISSIONS, toPermission, type Permission } from "@/lib/permissions";
import type { MfaRequired } from "../config";
import type { Db, Tx } from "../db/client";
import { mfaPasskeys, mfaTotp, roles, sessions, userRoles, users, type SessionRow } from "../db/schema";
import { mfaRequiredFor, secondFactorPending } from "./mfa/policy";

export interface SessionClaims {
  uid: string;
  sid: string;
  sv: number;
}

export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  userType: "USER" | "SUPER_ADMIN";
  permissions: ReadonlySet<Permission>;
  // The three below are always set by resolvePrincipal; optional so that system principals (the billing-plan
  // scheduler) and test fixtures need not invent them. Missing means "no factor, not required": no step-up.
  /** The session's latest second-factor check (sign-in or step-up); null when none was presented. */
  factorAt?: Date | null;
  /** The user has an enrolled factor (a confirmed authenticator app or a passkey). */
  hasFactor?: boolean;
  /** MFA_REQUIRED asks this user for a second factor. */
  mfaRequired?: boolean;
  /** STEP_UP_MINUTES: how recent factorAt must be for a sensitive action (default 5 minutes). */
  stepUpMaxAgeMs?: number;
  /** The user's saved language, digits and Hijri line (server/i18n/prefs.ts); missing for system principals. */
  uiPrefs?: SavedUiPrefs;
}

/** What a user saved on the Account page; language null means "follow the browser". */
export interface SavedUiPrefs {
  language: Language | null;
  digits: DigitStyle;
  hijri: boolean;
  timeZone: TimeZoneChoice;
}

export function savedUiPrefsOf(user: { uiLanguage: string | null; uiDigits: string; uiHijri: boolean; uiTimeZone: string }): SavedUiPrefs {
  return {
    language: isLanguage(user.uiLanguage) ? user.uiLanguage : null,
    digits: isDigitStyle(user.uiDigits) ? user.uiDigits : "latn",
    hijri: user.uiHijri,
    timeZone: isTimeZoneChoice(user.uiTimeZone) ? user.uiTimeZone : "business",
  };
}

/** What a half-signed-in session still owes: its second factor (verify, or enrol first), or a password change. */
export type PendingStep = "verify" | "enrol" | "change_password";

export type PendingReason = "second_factor_required" | "password_change_required";

export type PrincipalResult =
  | { ok: true; principal: Principal }
  /** `pending` identifies the user and session to the pending step's own routes only; it holds no permission. */
  | { ok: false; reason: PendingReason; step: PendingStep; pending: Principal }
  | { ok: false; reason: "no_session" | "expired" | "ended" | "disabled" };

/** How long a session lives (idle and absolute): all that listing live sessions needs. */
export type SessionLifetimes = Pick<SessionLimits, "idleMs" | "maxAgeMs">;

export interface SessionLimits {
  idleMs: number;
  maxAgeMs: number;
  /** MFA_REQUIRED: who must present a second factor before the session is usable. */
  mfaRequired: MfaRequired;
  /** STEP_UP_MINUTES in ms (default 5 minutes). */
  stepUpMaxAgeMs?: number;
}

/** SQL: the user has an enrolled factor (confirmed TOTP or any passkey). Part of the session query: no extra trip. */
const hasFactorSql =
  sql<boolean>`(exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${users.id} and ${isNotNull(mfaTotp.confirmedAt)}) or exists (select 1 from ${mfaPasskeys} where ${mfaPasskeys.userId} = ${users.id}))`.mapWith(
    Boolean,
  );

/** Touch `last_seen_at` at most this often: idle precision of a minute is plenty and saves a write per request. */
const TOUCH_EVERY_MS = 60_000;

export async function permissionsOf(db: Db, userId: string, userType: string, extra: readonly string[]): Promise<Set<Permission>> {
  if (userType === "SUPER_ADMIN") return new Set(PERMISSIONS);
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const granted = new Set<Permission>();
  for (const name of [...rows.flatMap((r) => r.permissions), ...extra]) {
    const p = toPermission(name);
    if (p) granted.add(p);
  }
  return granted;
}

export async function resolvePrincipal(
  db: Db,
  claims: SessionClaims | null,
  limits: SessionLimits,
  now = new Date(),
): Promise<PrincipalResult> {
  if (!claims) return { ok: false, reason: "no_session" };
  const [row] = await db
    .select({ session: sessions, user: users, hasFactor: hasFactorSql })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.uid)))
    .limit(1);
  if (!row) return { ok: false, reason: "no_session" };
  const { session, user, hasFactor } = row;
  if (user.status !== "active") return { ok: false, reason: "disabled" };
  if (session.endedAt) return { ok: false, reason: "ended" };
  if (user.sessionVersion !== claims.sv) return { ok: false, reason: "ended" };
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (age > limits.maxAgeMs || idle > limits.idleMs) {
    await endSession(db, session.id, age > limits.maxAgeMs ? "max_age" : "idle", now);
    return { ok: false, reason: "expired" };
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  const permissions = await permissionsOf(db, user.id, user.userType, user.extraPermissions);
  const mfaRequired = mfaRequiredFor(limits.mfaRequired, user.userType, permissions);
  const principal: Principal = {
    userId: user.id,
    sessionId: session.id,
    email: user.email,
    name: user.name,
    userType: user.userType === "SUPER_ADMIN" ? "SUPER_ADMIN" : "USER",
    permissions,
    factorAt: session.factorAt,
    hasFactor,
    mfaRequired,
    ...(limits.stepUpMaxAgeMs ? { stepUpMaxAgeMs: limits.stepUpMaxAgeMs } : {}),
    uiPrefs: savedUiPrefsOf(user),
  };
  const pending = { ...principal, permissions: new Set<Permission>() };
  if (secondFactorPending({ required: mfaRequired, hasFactor, mfaVerifiedAt: session.mfaVerifiedAt })) {
    return { ok: false, reason: "second_factor_required", step: hasFactor ? "verify" : "enrol", pending };
  }
  if (user.mustChangePassword) return { ok: false, reason: "password_change_required", step: "change_password", pending };
  return { ok: true, principal };
}

export async function endSession(db: Db, sessionId: string, reason: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** End every session of a user at once (sign-out, disable, password change): bump the version, close the rows. */
export async function endAllSessions(db: Db | Tx, userId: string, reason: string, now = new Date()) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/**
 * Gives the session a new id (ASVS 3.2.1: a new session token when the privilege level changes): the same sign-in
 * continues on a new row, the old row ends at once (reason `rotated`), so a copy of the cookie taken before (say,
 * after the password step alone) stops working the moment the second factor completes or the password changes. The
 * new row keeps the sign-in's start (the absolute lifetime still counts from it), its address and its factor state;
 * `set` adds what changes with it. Inside the caller's transaction; null when the session had already ended (a
 * request that raced another one holding the same cookie: the caller answers 401).
 */
export async function rotateSession(
  tx: Tx,
  session: { userId: string; sessionId: string },
  set: Partial<Pick<SessionRow, "mfaVerifiedAt" | "factorAt" | "factorKind">>,
  now = new Date(),
): Promise<SessionClaims | null> {
  const [old] = await tx
    .update(sessions)
    .set({ endedAt: now, endReason: "rotated" })
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId), isNull(sessions.endedAt)))
    .returning();
  if (!old) return null;
  const [fresh] = await tx
    .insert(sessions)
    .values({
      userId: old.userId,
      createdAt: old.createdAt,
      lastSeenAt: now,
      ip: old.ip,
      userAgent: old.userAgent,
      mfaVerifiedAt: old.mfaVerifiedAt,
      factorAt: old.factorAt,
      factorKind: old.factorKind,
      ...set,
    })
    .returning({ id: sessions.id });
  const [user] = await tx.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, old.userId));
  return { uid: old.userId, sid: fresh!.id, sv: user!.sv };
}
