"use client";
// The "New schedule" dialog: which report (daily closing's breakdown and currency), how often (every day, a
// weekday, a day of the month 1–28), at what time on the reporting zone's clock, and to whom (up to 20
// addresses). The schema is the route's own (loaded on first validation). Loaded on demand by new-schedule.tsx.
import { useTranslations } from "next-intl";
import { CurrencyOptions } from "@/components/ui/currency-options";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { REPORT_IDS, REPORT_KEY } from "@/lib/reports/report-table";
import type { CreateScheduleInput, CreateScheduleValues } from "@/lib/schemas/report-schedules";
import { MAX_MONTH_DAY, MAX_RECIPIENTS, SCHEDULE_FREQUENCIES, WEEKDAY_KEYS } from "@/lib/schemas/report-schedules-values";
import { useApiMutation } from "@/lib/use-api-mutation";

type Created = { scheduleId: string; nextRunAt: string };

const FIELDS = ["report", "breakdown", "currency", "frequency", "timeOfDay", "weekday", "monthDay", "recipients"] as const;

const BREAKDOWNS = ["none", "branch", "brand"] as const;

export function NewScheduleDialog({ timeZone, domains, onClose }: { timeZone: string; domains: string[]; onClose(): void }) {
  const t = useTranslations("reports");
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<CreateScheduleInput, unknown, CreateScheduleValues>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/report-schedules").then((m) => m.createScheduleSchema)),
    defaultValues: {
      report: "daily-closing",
      breakdown: "none",
      currency: "",
      frequency: "daily",
      timeOfDay: "07:00",
      weekday: "1",
      monthDay: "1",
      recipients: "",
    },
  });
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: CreateScheduleValues) => apiFetch<Created>("/api/reports/schedules", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: FIELDS },
    refresh: true,
    onSuccess: onClose,
  });
  const report = useWatch({ control, name: "report" });
  const frequency = useWatch({ control, name: "frequency" });

  return (
    <Dialog
      open
      onClose={onClose}
      busy={pending}
      title={t("schedules.newSchedule")}
      description={t.rich("schedules.dialog.description", { zone: timeZone, tz: (c) => <bdi dir="ltr">{c}</bdi> })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t("schedules.dialog.cancel")}
          </Button>
          <Button type="submit" form="new-schedule-form" loading={pending}>
            {t("schedules.dialog.create")}
          </Button>
        </>
      }
    >
      <form id="new-schedule-form" noValidate onSubmit={handleSubmit(submit)} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <SelectField label={t("schedules.dialog.report")} required data-autofocus error={errors.report?.message} {...register("report")}>
          {REPORT_IDS.map((r) => (
            <option key={r} value={r}>
              {t(`names.${REPORT_KEY[r]}`)}
            </option>
          ))}
        </SelectField>
        {report === "daily-closing" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t("schedules.dialog.rows")} error={errors.breakdown?.message} {...register("breakdown")}>
              {BREAKDOWNS.map((v) => (
                <option key={v} value={v}>
                  {t(`schedules.dialog.rowsOptions.${v}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t("schedules.dialog.currency")} error={errors.currency?.message} {...register("currency")}>
              <CurrencyOptions anyLabel={t("schedules.dialog.allCurrencies")} />
            </SelectField>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("schedules.dialog.howOften")}
            required
            hint={t(`schedules.covers.${frequency ?? "daily"}`)}
            error={errors.frequency?.message}
            {...register("frequency")}
          >
            {SCHEDULE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`schedules.frequencies.${f}`)}
              </option>
            ))}
          </SelectField>
          {frequency === "weekly" && (
            <SelectField label={t("schedules.dialog.weekday")} required error={errors.weekday?.message} {...register("weekday")}>
              {WEEKDAY_KEYS.map((d, i) => (
                <option key={d} value={String(i)}>
                  {t(`schedules.weekdays.${d}`)}
                </option>
              ))}
            </SelectField>
          )}
          {frequency === "monthly" && (
            <SelectField
              label={t("schedules.dialog.monthDay")}
              required
              hint={t("schedules.dialog.monthDayHint", { max: MAX_MONTH_DAY })}
              error={errors.monthDay?.message}
              {...register("monthDay")}
            >
              {Array.from({ length: MAX_MONTH_DAY }, (_, i) => String(i + 1)).map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <InputField
          label={t("schedules.dialog.time", { zone: timeZone })}
          type="time"
          dir="ltr"
          required
          wrapperClassName="sm:w-1/2"
          error={errors.timeOfDay?.message}
          {...register("timeOfDay")}
        />
        <TextareaField
          label={t("schedules.dialog.recipients")}
          required
          rows={3}
          dir="ltr"
          autoComplete="off"
          hint={
            <>
              {t("schedules.dialog.recipientsHint", { max: MAX_RECIPIENTS })}
              {domains.length > 0 && (
                <span className="mt-1 block">
                  {t.rich("schedules.dialog.outsideHint", { domains: domains.join(", "), d: (c) => <bdi dir="ltr">{c}</bdi> })}
                </span>
              )}
            </>
          }
          error={errors.recipients?.message}
          {...register("recipients")}
        />
      </form>
    </Dialog>
  );
}
