// Sentences for reports: a download ("Report Daily closing downloaded as XLSX for 2026-11-01 to 2026-11-30"), and
// scheduled reports: a schedule created, paused, resumed or deleted ("Scheduled report Daily
// closing created: every Monday at 07:00, to 3 recipients"), and each run ("Scheduled report Daily closing sent
// for 2026-11-23 to 3 recipients", or failed with its reason).
import "server-only";
import { REPORT_TITLE, type ReportId } from "@/lib/reports/report-table";
import { scheduleInWords, SCHEDULE_FREQUENCIES, type ScheduleFrequency } from "@/lib/schemas/report-schedules-values";
import { ltr, num, str, type Entry, type Sentence } from "./parts";

const reportName = (s: Record<string, unknown>) => {
  const r = str(s, "report");
  return r ? (REPORT_TITLE[r as ReportId] ?? r) : null;
};

const recipients = (n: number | null) => (n === null ? "" : ` to ${n} recipient${n === 1 ? "" : "s"}`);

function timing(s: Record<string, unknown>): string | null {
  const frequency = str(s, "frequency");
  const timeOfDay = str(s, "timeOfDay");
  if (!frequency || !timeOfDay || !(SCHEDULE_FREQUENCIES as readonly string[]).includes(frequency)) return null;
  const words = scheduleInWords({
    frequency: frequency as ScheduleFrequency,
    timeOfDay,
    weekday: num(s, "weekday"),
    monthDay: num(s, "monthDay"),
  });
  return words.charAt(0).toLowerCase() + words.slice(1);
}

function download(e: Entry): Sentence {
  const s = e.summary;
  const id = e.targetId ?? "";
  const name = REPORT_TITLE[id as ReportId] ?? (id || "a report");
  const format = str(s, "format");
  const first = str(s, "firstDay");
  const last = str(s, "lastDay");
  return [
    `Report ${name} downloaded`,
    format ? ` as ${format.toUpperCase()}` : "",
    ...(first ? [" for ", ltr(first === last || !last ? first : `${first} to ${last}`)] : []),
  ];
}

export function reportSentence(e: Entry): Sentence | null {
  if (e.action === "reports.download") return download(e);
  const [head, step] = e.action.split(".");
  if (head !== "report_schedule") return null;
  const s = e.summary;
  const name = reportName(s);
  const what = name ? `Scheduled report ${name}` : "Scheduled report";
  switch (step) {
    case "create": {
      const when = timing(s);
      return [`${what} created`, when ? `: ${when}` : "", recipients(num(s, "recipients"))];
    }
    case "pause":
      return [`${what} paused`];
    case "resume":
      return [`${what} resumed`];
    case "delete":
      return [`${what} deleted`];
    case "run": {
      const first = str(s, "firstDay");
      const last = str(s, "lastDay");
      const days: Sentence = first ? [" for ", ltr(first === last || !last ? first : `${first} to ${last}`)] : [];
      const how = str(s, "trigger") === "send_now" ? (s.soFar === true ? " (sent now, period so far)" : " (sent now)") : "";
      if (str(s, "result") === "sent") return [`${what} sent`, ...days, recipients(num(s, "recipients")), how];
      const message = str(s, "message");
      return [`${what} failed`, ...days, how, ...(message ? [`: ${message}`] : [])];
    }
    default:
      return null;
  }
}
