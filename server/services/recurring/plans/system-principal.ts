// The principal the billing-plan scheduler acts as: no user, no session; it may make recurring charges and
// nothing else. Its fixed id and e-mail name it in the ledger's created_by and in the audit log. (Not the nil
// UUID: its dash-grouped zeros read as a Luhn-valid card number to the e2e card-data scan.)
import type { Principal } from "../../../auth/principal";

export const PLAN_SCHEDULER_PRINCIPAL: Principal = Object.freeze({
  userId: "5c4edb11-b111-4a1e-a5ed-5c4ed01eb0ad",
  sessionId: "5c4edb11-b111-4a1e-a5ed-5c4ed01e5e55",
  email: "system:billing-plan-scheduler",
  name: "Billing-plan scheduler",
  userType: "USER",
  permissions: new Set(["RECURRING_CHARGE"] as const),
});
