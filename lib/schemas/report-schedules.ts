// Scheduled reports: the one schema of "New schedule" (the form and POST /api/reports/schedules) and the path
// parameter. Recipients are typed as one text (commas, semicolons or new lines between addresses) and come out
// as a list of lower-cased, distinct, valid e-mail addresses. Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { CLOSING_BREAKDOWNS, REPORT_IDS } from "@/lib/reports/report-table";
import { MAX_MONTH_DAY, MAX_RECIPIENTS, SCHEDULE_FREQUENCIES, SEND_NOW_PERIODS } from "./report-schedules-values";
import { emailAddress } from "./email";

export * from "./report-schedules-values";

const address = emailAddress();

/** "a@x.com, B@y.com\nc@z.com" → ["a@x.com", "b@y.com", "c@z.com"], each checked. */
export const recipientsText = z
  .union([z.string(), z.array(z.string()).transform((list) => list.join(","))])
  .pipe(z.string().max(20 * 260, vmsg("schedules.tooManyAddresses")))
  .transform((text, ctx) => {
    const list = [
      ...new Set(
        text
          .split(/[\s,;]+/)
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (list.length === 0) ctx.addIssue({ code: "custom", message: vmsg("schedules.atLeastOneRecipient") });
    if (list.length > MAX_RECIPIENTS) ctx.addIssue({ code: "custom", message: vmsg("schedules.maxRecipients", { max: MAX_RECIPIENTS }) });
    const bad = list.find((a) => a.length > 254 || !address.safeParse(a).success);
    if (bad) ctx.addIssue({ code: "custom", message: vmsg("schedules.notAnEmail", { address: bad.slice(0, 60) }) });
    return list;
  });

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const createScheduleSchema = z
  .object({
    report: z.enum(REPORT_IDS, vmsg("reports.chooseReport")),
    breakdown: z.enum(CLOSING_BREAKDOWNS, vmsg("reports.chooseBreakdown")).default("none"),
    branchId: optionalText(100, vmsg("ids.branch")),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{3})?$/, vmsg("currency.choose"))
      .nullish()
      .transform((v) => (v ? v : null)),
    frequency: z.enum(SCHEDULE_FREQUENCIES, vmsg("schedules.chooseFrequency")),
    timeOfDay: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, vmsg("schedules.timeFormat")),
    /** Weekly: "0" (Sunday) … "6" (Saturday) (a number too: the schema parses its own output again). */
    weekday: z.union([z.string(), z.number(), z.null()]).optional(),
    /** Monthly: "1" … "28". */
    monthDay: z.union([z.string(), z.number(), z.null()]).optional(),
    recipients: recipientsText,
  })
  .transform((v, ctx) => {
    const weekday = v.frequency === "weekly" ? Number(v.weekday) : null;
    const monthDay = v.frequency === "monthly" ? Number(v.monthDay) : null;
    if (weekday !== null && !(Number.isInteger(weekday) && weekday >= 0 && weekday <= 6 && String(v.weekday ?? "").trim()))
      ctx.addIssue({ code: "custom", path: ["weekday"], message: vmsg("schedules.chooseWeekday") });
    if (monthDay !== null && !(Number.isInteger(monthDay) && monthDay >= 1 && monthDay <= MAX_MONTH_DAY))
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: vmsg("schedules.monthDay", { max: MAX_MONTH_DAY }) });
    return { ...v, weekday, monthDay };
  });
/** What the form and the API send; the parsed values (the route's body) parse again to themselves. */
export type CreateScheduleInput = z.input<typeof createScheduleSchema>;
export type CreateScheduleValues = z.output<typeof createScheduleSchema>;

export const scheduleParams = z.object({ id: z.uuid(vmsg("ids.schedule")) });

/** "Send now": which period (default: the last complete one, as a scheduled run sends it). */
export const sendNowSchema = z.object({ period: z.enum(SEND_NOW_PERIODS, vmsg("schedules.chooseSendPeriod")).default("previous") });
export type SendNowInput = z.input<typeof sendNowSchema>;
