// Sentences for reports: a download ("Report Daily closing downloaded as XLSX for 2026-11-01 to 2026-11-30"), and
// scheduled reports: a schedule created, paused, resumed or deleted ("Scheduled report Daily
// closing created: every Monday at 07:00, to 3 recipients"), and each run ("Scheduled report Daily closing sent
// for 2026-11-23 to 3 recipients", or failed with its reason). Words from the audit catalog (audit.s.reports.*).
import "server-only";
import { REPORT_TITLE, type ReportId } from "@/lib/reports/report-table";
import { SCHEDULE_FREQUENCIES, type ScheduleFrequency } from "@/lib/schemas/report-schedules-values";
import { ltr, num, str, type Entry, type Sentence, type Speaker } from "./parts";

const isReport = (id: string | null): id is ReportId => id !== null && id in REPORT_TITLE;
/** A report's id ("daily-closing") or its English title as older rows stored it ("Daily closing"). */
function reportIdOf(value: string | null): ReportId | null {
  if (isReport(value)) return value;
  const byTitle = Object.entries(REPORT_TITLE).find(([, title]) => title === value);
  return byTitle ? (byTitle[0] as ReportId) : null;
}
const reportName = (sp: Speaker, value: string | null) => {
  const id = reportIdOf(value);
  return id ? sp.text(`reports.title.${id}`) : value;
};

const recipients = (sp: Speaker, n: number | null): Sentence => (n === null ? [] : sp.say("reports.recipients", { count: n }));

/** " (outside the merchant's domains: a@x.example, b@y.example)", when the row names such addresses. */
const outside = (sp: Speaker, s: Record<string, unknown>): Sentence => {
  const list = Array.isArray(s.outsideRecipients)
    ? (s.outsideRecipients as unknown[]).filter((a): a is string => typeof a === "string")
    : [];
  return list.length ? sp.say("reports.outside", { addresses: ltr(list.join(", ")) }) : [];
};

function timing(sp: Speaker, s: Record<string, unknown>): string | null {
  const frequency = str(s, "frequency");
  const timeOfDay = str(s, "timeOfDay");
  if (!frequency || !timeOfDay || !(SCHEDULE_FREQUENCIES as readonly string[]).includes(frequency)) return null;
  switch (frequency as ScheduleFrequency) {
    case "daily":
      return sp.text("reports.timing.daily", { time: timeOfDay });
    case "weekly":
      return sp.text("reports.timing.weekly", { weekday: String(num(s, "weekday") ?? 1), time: timeOfDay });
    case "monthly":
      return sp.text("reports.timing.monthly", { day: num(s, "monthDay") ?? 1, time: timeOfDay });
  }
}

/** " for 2026-11-01 to 2026-11-30": each date left-to-right, the words around them in the reader's language. */
const days = (sp: Speaker, first: string | null, last: string | null): Sentence => {
  if (!first) return [];
  return first === last || !last
    ? sp.say("reports.day", { day: ltr(first) })
    : sp.say("reports.days", { first: ltr(first), last: ltr(last) });
};

function download(sp: Speaker, e: Entry): Sentence {
  const s = e.summary;
  const id = e.targetId ?? "";
  const name = isReport(id) ? sp.text(`reports.title.${id}`) : id || sp.text("reports.aReport");
  const format = str(s, "format");
  return [
    ...sp.say("reports.downloaded", { name }),
    ...(format ? sp.say("reports.as", { format: format.toUpperCase() }) : []),
    ...days(sp, str(s, "firstDay"), str(s, "lastDay")),
  ];
}

export function reportSentence(sp: Speaker, e: Entry): Sentence | null {
  if (e.action === "reports.download") return download(sp, e);
  const [head, step] = e.action.split(".");
  if (head !== "report_schedule") return null;
  const s = e.summary;
  const name = reportName(sp, str(s, "report"));
  const what = name ? sp.text("reports.scheduled", { name }) : sp.text("reports.scheduledNoName");
  switch (step) {
    case "create": {
      const when = timing(sp, s);
      return [
        ...sp.say("reports.created", { what }),
        ...(when ? sp.say("reports.timing.when", { when }) : []),
        ...recipients(sp, num(s, "recipients")),
        ...outside(sp, s),
        ...(str(s, "approval") === "pending" ? sp.say("reports.waits") : []),
      ];
    }
    case "approve":
    case "reject":
      return [...sp.say(`reports.${step}`, { what }), ...outside(sp, s)];
    case "pause":
    case "resume":
    case "delete":
      return sp.say(`reports.${step}`, { what });
    case "run": {
      const period = days(sp, str(s, "firstDay"), str(s, "lastDay"));
      const how: Sentence =
        str(s, "trigger") === "send_now" ? (s.soFar === true ? sp.say("reports.sentNowSoFar") : sp.say("reports.sentNow")) : [];
      if (str(s, "result") === "sent")
        return [...sp.say("reports.sent", { what }), ...period, ...recipients(sp, num(s, "recipients")), ...how];
      const message = str(s, "message");
      return [...sp.say("reports.failed", { what }), ...period, ...how, ...(message ? sp.say("reason", { reason: message }) : [])];
    }
    default:
      return null;
  }
}
