// POST /api/reports/schedules/:id/approve: a second person (REPORTS_APPROVE, fresh second factor, not linked to the
// owner) lets a schedule's addresses outside the merchant's domains receive it; it runs from its next slot.
import { scheduleParams } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { decideSchedule } from "@/server/services/reports/schedules/approve-schedule";

export const POST = route({ permission: "REPORTS_APPROVE", params: scheduleParams }, async ({ principal, params, ip }) => {
  const s = await decideSchedule(await appContext({ principal, ip }), { scheduleId: params.id, decision: "approve" });
  return Response.json(
    { scheduleId: s.id, approval: s.approval, nextRunAt: s.nextRunAt.toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
});
