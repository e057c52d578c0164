// PATCH /api/recurring/plans/:id: edit a live billing plan (amount from the next charge on, next charge date, end).
import { editPlanSchema, planParams } from "@/lib/schemas/billing-plans";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { editPlan } from "@/server/services/recurring/plans/edit-plan";

export const PATCH = route(
  { permission: "RECURRING_CHARGE", params: planParams, body: editPlanSchema },
  async ({ principal, params, body, ip }) => {
    const plan = await editPlan(await appContext({ principal, ip }), { ...body, planId: params.id });
    return Response.json(
      { planId: plan.id, status: plan.status, amountMinor: plan.amountMinor, nextChargeAt: plan.nextChargeAt.toISOString() },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
