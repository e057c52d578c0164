// POST /api/reports/schedules/:id/resume: resume a paused scheduled report (it runs at its next slot from now).
import { scheduleParams } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { resumeSchedule } from "@/server/services/reports/schedules/resume-schedule";

export const POST = route({ permission: "REPORTS_VIEW", params: scheduleParams }, async ({ principal, params, ip }) => {
  const s = await resumeSchedule(await appContext({ principal, ip }), { scheduleId: params.id });
  return Response.json(
    { scheduleId: s.id, status: s.status, nextRunAt: s.nextRunAt.toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
});
