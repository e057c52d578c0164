// Building blocks of the list pages' URL schemas (transactions, audit log): how a query parameter is read when it
// is absent, empty, repeated or a list, and the calendar-day and time-zone parameters. Browser-safe.
import { z } from "./zod";
import { vmsg } from "./messages";
import { canonicalTimeZone, isCalendarDate } from "@/lib/transactions/zoned-time";

/** A single text parameter: the last value when repeated, trimmed; empty means absent. */
export const single = (v: unknown) => {
  const last = Array.isArray(v) ? v.at(-1) : v;
  if (typeof last !== "string") return last;
  const t = last.trim();
  return t === "" ? undefined : t;
};

/** A list parameter: repeated (`status=a&status=b`, checkboxes) or comma-separated (`cols=a,b`). */
export const list = (v: unknown) =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
    .map((x) => (typeof x === "string" ? x.trim() : x))
    .filter((x) => x !== "");

/**
 * `message`: the "is too long" message, a validation key (lib/schemas/messages.ts); or a label ("The search"), said
 * as "<label> is too long." (the transactions list translates its own issues).
 */
export const textParam = (max: number, message: string) =>
  z.preprocess(
    single,
    z
      .string()
      .max(max, /^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/.test(message) ? message : `${message} is too long.`)
      .optional(),
  );

export const calendarDayParam = z.preprocess(single, z.string().refine(isCalendarDate, vmsg("date.isoFormat")).optional());

/** An IANA time zone, canonicalised; UTC when absent. */
export const timeZoneParam = z.preprocess(
  single,
  z
    .string()
    .transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (!canonical) {
        ctx.addIssue({ code: "custom", message: vmsg("date.unknownZone") });
        return z.NEVER;
      }
      return canonical;
    })
    .default("UTC"),
);
