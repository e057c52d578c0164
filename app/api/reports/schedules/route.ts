// GET /api/reports/schedules: the person's scheduled reports (a super-admin's: all); POST: schedule a report.
import { createScheduleSchema } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createSchedule } from "@/server/services/reports/schedules/create-schedule";
import { listSchedules } from "@/server/services/reports/schedules/list-schedules";

export const GET = route({ permission: "REPORTS_VIEW" }, async ({ principal }) => {
  const schedules = await listSchedules(await appContext({ principal }));
  return Response.json({ schedules }, { headers: { "Cache-Control": "no-store" } });
});

export const POST = route({ permission: "REPORTS_VIEW", body: createScheduleSchema }, async ({ principal, body, ip }) => {
  const s = await createSchedule(await appContext({ principal, ip }), body);
  return Response.json(
    { scheduleId: s.id, status: s.status, nextRunAt: s.nextRunAt.toISOString() },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
