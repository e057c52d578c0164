// A schedule in words in a reader's language ("Every Monday at 07:00"; the zone is said beside it): the Scheduled
// reports page (the reader's language) and the scheduled mails (the owner's) say it alike. English matches
// scheduleInWords (the audit log's sentences keep that one).
import "server-only";
import type { UiPrefs } from "@/lib/i18n/languages";
import { WEEKDAY_KEYS, type ScheduleTiming } from "@/lib/schemas/report-schedules-values";
import { translatorFor } from "../../../i18n/translator";

export function scheduleWords(timing: ScheduleTiming, prefs: Pick<UiPrefs, "language" | "digits">): string {
  const t = translatorFor(prefs, "reports");
  const time = timing.timeOfDay;
  switch (timing.frequency) {
    case "daily":
      return t("schedules.words.daily", { time });
    case "weekly":
      return t("schedules.words.weekly", { time, weekday: t(`schedules.weekdays.${WEEKDAY_KEYS[timing.weekday ?? 1] ?? "monday"}`) });
    case "monthly":
      return t("schedules.words.monthly", { time, day: timing.monthDay ?? 1 });
  }
}
