// POST /api/recurring/plans/:id/resume: resume a paused billing plan (never a cancelled one).
import { planParams } from "@/lib/schemas/billing-plans";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { resumePlan } from "@/server/services/recurring/plans/resume-plan";

export const POST = route({ permission: "RECURRING_CHARGE", params: planParams }, async ({ principal, params, ip }) => {
  const plan = await resumePlan(await appContext({ principal, ip }), { planId: params.id });
  return Response.json(
    { planId: plan.id, status: plan.status, nextChargeAt: plan.nextChargeAt.toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
});
