"use client";
// The "New schedule" dialog: which report (daily closing's breakdown and currency), how often (every day, a
// weekday, a day of the month 1–28), at what time on the reporting zone's clock, and to whom (up to 20
// addresses). The schema is the route's own (loaded on first validation). Loaded on demand by new-schedule.tsx.
import { CurrencyOptions } from "@/components/ui/currency-options";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { guardEnter } from "@/lib/forms/guard-enter";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { REPORT_IDS, REPORT_TITLE } from "@/lib/reports/report-table";
import type { CreateScheduleInput, CreateScheduleValues } from "@/lib/schemas/report-schedules";
import {
  FREQUENCY_LABEL,
  FREQUENCY_PERIOD,
  MAX_MONTH_DAY,
  MAX_RECIPIENTS,
  SCHEDULE_FREQUENCIES,
  WEEKDAYS,
} from "@/lib/schemas/report-schedules-values";
import { useApiMutation } from "@/lib/use-api-mutation";

type Created = { scheduleId: string; nextRunAt: string };

const FIELDS = ["report", "breakdown", "currency", "frequency", "timeOfDay", "weekday", "monthDay", "recipients"] as const;

const BREAKDOWN_LABEL = { none: "One row per day and currency", branch: "By branch", brand: "By card brand" } as const;

export function NewScheduleDialog({ timeZone, onClose }: { timeZone: string; onClose(): void }) {
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
      title="New schedule"
      description={
        <>
          The report is e-mailed with the CSV attached. Times are on the <bdi dir="ltr">{timeZone}</bdi> clock.
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="new-schedule-form" loading={pending}>
            Create schedule
          </Button>
        </>
      }
    >
      <form id="new-schedule-form" noValidate onSubmit={handleSubmit(submit)} onKeyDown={guardEnter} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <SelectField label="Report" required data-autofocus error={errors.report?.message} {...register("report")}>
          {REPORT_IDS.map((r) => (
            <option key={r} value={r}>
              {REPORT_TITLE[r]}
            </option>
          ))}
        </SelectField>
        {report === "daily-closing" && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Rows" error={errors.breakdown?.message} {...register("breakdown")}>
              {Object.entries(BREAKDOWN_LABEL).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Currency" error={errors.currency?.message} {...register("currency")}>
              <CurrencyOptions anyLabel="All currencies" />
            </SelectField>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="How often"
            required
            hint={`Covers ${FREQUENCY_PERIOD[frequency ?? "daily"]}.`}
            error={errors.frequency?.message}
            {...register("frequency")}
          >
            {SCHEDULE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABEL[f]}
              </option>
            ))}
          </SelectField>
          {frequency === "weekly" && (
            <SelectField label="Day of the week" required error={errors.weekday?.message} {...register("weekday")}>
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={String(i)}>
                  {d}
                </option>
              ))}
            </SelectField>
          )}
          {frequency === "monthly" && (
            <SelectField
              label="Day of the month"
              required
              hint={`1 to ${MAX_MONTH_DAY}: every month has it.`}
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
          label={`Time (${timeZone})`}
          type="time"
          dir="ltr"
          required
          wrapperClassName="sm:w-1/2"
          error={errors.timeOfDay?.message}
          {...register("timeOfDay")}
        />
        <TextareaField
          label="Recipients"
          required
          rows={3}
          dir="ltr"
          autoComplete="off"
          hint={`E-mail addresses separated by commas or new lines; at most ${MAX_RECIPIENTS}. Each receives the report.`}
          error={errors.recipients?.message}
          {...register("recipients")}
        />
      </form>
    </Dialog>
  );
}
