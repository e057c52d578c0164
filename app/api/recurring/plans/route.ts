// GET /api/recurring/plans: billing plans with upcoming and failed charges; POST: create a plan on a recurring token.
import { z } from "zod";
import { createPlanSchema, PLAN_STATUSES } from "@/lib/schemas/billing-plans";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createPlan } from "@/server/services/recurring/plans/create-plan";
import { listPlans } from "@/server/services/recurring/plans/list-plans";

const listQuery = z.object({ status: z.enum(PLAN_STATUSES).optional() });

export const GET = route({ permission: "RECURRING_CHARGE", query: listQuery }, async ({ principal, query }) => {
  const overview = await listPlans(await appContext({ principal }), { status: query.status });
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
});

export const POST = route({ permission: "RECURRING_CHARGE", body: createPlanSchema }, async ({ principal, body, ip }) => {
  const plan = await createPlan(await appContext({ principal, ip }), body);
  return Response.json(
    { planId: plan.id, status: plan.status, nextChargeAt: plan.nextChargeAt.toISOString() },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
