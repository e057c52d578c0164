// POST /api/recurring/plans/:id/cancel: cancel a billing plan for good (no further charge is made on it).
import { planParams } from "@/lib/schemas/billing-plans";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { cancelPlan } from "@/server/services/recurring/plans/cancel-plan";

export const POST = route({ permission: "RECURRING_CHARGE", params: planParams }, async ({ principal, params, ip }) => {
  const plan = await cancelPlan(await appContext({ principal, ip }), { planId: params.id });
  return Response.json({ planId: plan.id, status: plan.status }, { headers: { "Cache-Control": "no-store" } });
});
