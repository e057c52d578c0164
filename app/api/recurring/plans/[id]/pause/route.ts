// POST /api/recurring/plans/:id/pause: pause an active billing plan (no new charge until it is resumed).
import { pausePlanSchema, planParams } from "@/lib/schemas/billing-plans";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { pausePlan } from "@/server/services/recurring/plans/pause-plan";

export const POST = route(
  { permission: "RECURRING_CHARGE", params: planParams, body: pausePlanSchema },
  async ({ principal, params, body, ip }) => {
    const plan = await pausePlan(await appContext({ principal, ip }), { ...body, planId: params.id });
    return Response.json({ planId: plan.id, status: plan.status }, { headers: { "Cache-Control": "no-store" } });
  },
);
