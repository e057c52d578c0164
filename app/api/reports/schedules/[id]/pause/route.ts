// POST /api/reports/schedules/:id/pause: pause a scheduled report (nothing is sent until it is resumed).
import { scheduleParams } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { pauseSchedule } from "@/server/services/reports/schedules/pause-schedule";

export const POST = route({ permission: "REPORTS_VIEW", params: scheduleParams }, async ({ principal, params, ip }) => {
  const s = await pauseSchedule(await appContext({ principal, ip }), { scheduleId: params.id });
  return Response.json({ scheduleId: s.id, status: s.status }, { headers: { "Cache-Control": "no-store" } });
});
