// DELETE /api/reports/schedules/:id: delete a scheduled report and its run history (the audit log keeps the fact).
import { scheduleParams } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { deleteSchedule } from "@/server/services/reports/schedules/delete-schedule";

export const DELETE = route({ permission: "REPORTS_VIEW", params: scheduleParams }, async ({ principal, params, ip }) => {
  await deleteSchedule(await appContext({ principal, ip }), { scheduleId: params.id });
  return Response.json({ scheduleId: params.id, deleted: true }, { headers: { "Cache-Control": "no-store" } });
});
