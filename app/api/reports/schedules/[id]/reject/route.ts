// POST /api/reports/schedules/:id/reject: a second person refuses a schedule's addresses outside the merchant's
// domains; the schedule never sends (its owner deletes it or schedules again without them).
import { scheduleParams } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { decideSchedule } from "@/server/services/reports/schedules/approve-schedule";

export const POST = route({ permission: "REPORTS_APPROVE", params: scheduleParams }, async ({ principal, params, ip }) => {
  const s = await decideSchedule(await appContext({ principal, ip }), { scheduleId: params.id, decision: "reject" });
  return Response.json({ scheduleId: s.id, approval: s.approval }, { headers: { "Cache-Control": "no-store" } });
});
