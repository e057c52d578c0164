// POST /api/reports/schedules/:id/send-now: run a scheduled report at once (same code as a scheduled run), for its
// last complete period or the one still running.
import { scheduleParams, sendNowSchema } from "@/lib/schemas/report-schedules";
import { translateKeyedNested } from "@/lib/i18n/keyed-message";
import { route } from "@/server/http/route";
import { translatorFor, uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { sendScheduleNow } from "@/server/services/reports/schedules/send-schedule-now";

export const POST = route(
  { permission: "REPORTS_VIEW", params: scheduleParams, body: sendNowSchema },
  async ({ principal, params, body, ip, req }) => {
    const run = await sendScheduleNow(await appContext({ principal, ip }), { scheduleId: params.id, period: body.period });
    // The run's outcome is stored as a keyed message; the answer says it in the reader's language.
    const prefs = uiPrefsOfRequest(req, principal);
    const message = translateKeyedNested(translatorFor(prefs, "reports.schedules.outcomes"), run.message, translatorFor(prefs, "errors"));
    return Response.json(
      { scheduleId: params.id, result: run.result, message, firstDay: run.firstDay, lastDay: run.lastDay },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
