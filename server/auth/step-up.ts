// Step-up: sensitive actions (approving a refund, changing users or roles, deleting a partner) need a second factor
// presented in the last 5 minutes. Called by those services right after their permission check; the browser's
// fetch wrapper answers `step_up_required` with a dialog (a TOTP code or a passkey) and retries once.
import { AppError } from "../errors";
import { stepUpNeeded } from "./mfa/policy";
import type { Principal } from "./principal";

export function requireFreshFactor(principal: Principal, now = new Date()): void {
  if (stepUpNeeded(principal, now)) {
    throw new AppError("step_up_required", "auth.stepUpRequired");
  }
}
