// POST /api/reports/schedules/:id/send-now: run a scheduled report at once (same code as a scheduled run), for its
// last complete period or the one still running.
import { scheduleParams, sendNowSchema } from "@/lib/schemas/report-schedules";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { sendScheduleNow } from "@/server/services/reports/schedules/send-schedule-now";

export const POST = route(
  { permission: "REPORTS_VIEW", params: scheduleParams, body: sendNowSchema },
  async ({ principal, params, body, ip }) => {
    const run = await sendScheduleNow(await appContext({ principal, ip }), { scheduleId: params.id, period: body.period });
    return Response.json(
      { scheduleId: params.id, result: run.result, message: run.message, firstDay: run.firstDay, lastDay: run.lastDay },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
