// Who must present a second factor (MFA_REQUIRED) and when a sensitive action asks for a fresh one (step-up).
// Pure: no database, no environment; the principal carries what it needs.
import type { Permission } from "@/lib/permissions";
import type { MfaRequired } from "../../config";

/** A second factor older than this is stale for step-up (approving refunds, changing users, roles, partners); STEP_UP_MINUTES changes it. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/** Whether MFA_REQUIRED asks this user for a second factor at sign-in. */
export function mfaRequiredFor(policy: MfaRequired, userType: string, permissions: ReadonlySet<Permission>): boolean {
  if (policy === "all") return true;
  if (policy === "none") return false;
  return userType === "SUPER_ADMIN" || permissions.has("USERS_MANAGE") || permissions.has("ROLES_MANAGE");
}

/**
 * Whether a session must still present its second factor: when the policy requires one for the user, or when the
 * user enrolled one anyway (a factor someone added protects their account whatever the policy), and the session
 * has not presented it yet.
 */
export function secondFactorPending(opts: { required: boolean; hasFactor: boolean; mfaVerifiedAt: Date | null }): boolean {
  return (opts.required || opts.hasFactor) && opts.mfaVerifiedAt === null;
}

/**
 * Whether a sensitive action needs a fresh factor first: only for users who have a factor or must have one (a user
 * with no factor under MFA_REQUIRED=none or "admins" has nothing to present and is not asked).
 */
export function stepUpNeeded(
  p: { factorAt?: Date | null; hasFactor?: boolean; mfaRequired?: boolean; stepUpMaxAgeMs?: number },
  now: Date,
): boolean {
  if (!p.hasFactor && !p.mfaRequired) return false;
  return !p.factorAt || now.getTime() - p.factorAt.getTime() > (p.stepUpMaxAgeMs ?? STEP_UP_MAX_AGE_MS);
}
