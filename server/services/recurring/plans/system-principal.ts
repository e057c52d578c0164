// The principal the billing-plan scheduler acts as: no user, no session; it may make recurring charges and
// nothing else. Its fixed id (the nil UUID) and e-mail name it in the ledger's created_by and in the audit log.
import type { Principal } from "../../../auth/principal";

export const PLAN_SCHEDULER_PRINCIPAL: Principal = Object.freeze({
  userId: "00000000-0000-0000-0000-000000000000",
  sessionId: "00000000-0000-0000-0000-000000000000",
  email: "system:billing-plan-scheduler",
  name: "Billing-plan scheduler",
  userType: "USER",
  permissions: new Set(["RECURRING_CHARGE"] as const),
});
