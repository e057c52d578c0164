"use client";
// A schedule's actions: "Send now" (runs it at once through the scheduled run's code, for the last complete period
// or the one still running; the next run stays), pause or resume, and delete; sending and deleting ask first. An
// approver deciding someone else's addresses outside the merchant's domains gets Approve and Reject, each asking
// first with the addresses listed. The server enforces who may do what.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiFetch } from "@/lib/api-client";
import {
  SEND_NOW_PERIODS,
  type ScheduleApproval,
  type ScheduleFrequency,
  type ScheduleStatus,
  type SendNowPeriod,
} from "@/lib/schemas/report-schedules-values";
import { useApiMutation } from "@/lib/use-api-mutation";

type Action = "pause" | "resume";
type Decision = "approve" | "reject";
type SendResult = { result: "sent" | "failed"; message: string };

export interface ScheduleActionsProps {
  scheduleId: string;
  status: ScheduleStatus;
  frequency: ScheduleFrequency;
  recipients: number;
  approval: ScheduleApproval;
  outsideRecipients: string[];
  /** Approve or reject are offered (someone else's schedule waiting for approval; the reader holds REPORTS_APPROVE). */
  canDecide: boolean;
  /** Send now, pause, resume and delete are offered (the owner, or a super-admin). */
  manage: boolean;
  label: string;
}

export function ScheduleActions(props: ScheduleActionsProps) {
  const { scheduleId, status, frequency, recipients, approval, outsideRecipients, canDecide, manage, label } = props;
  const t = useTranslations("reports");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  // Nothing is sent while outside addresses wait for approval or were refused: Send now is not offered then.
  const sendable = status === "active" && (approval === "not_needed" || approval === "approved");
  const [sending, setSending] = useState(false);
  const [period, setPeriod] = useState<SendNowPeriod>("previous");
  const act = useApiMutation({
    mutationFn: (action: Action) => apiFetch(`/api/reports/schedules/${scheduleId}/${action}`, { method: "POST" }),
    refresh: true,
  });
  const send = useApiMutation({
    mutationFn: (p: SendNowPeriod) =>
      apiFetch<SendResult>(`/api/reports/schedules/${scheduleId}/send-now`, { method: "POST", body: { period: p } }),
    refresh: true,
    onSuccess: () => setSending(false),
  });
  const remove = useApiMutation({
    mutationFn: () => apiFetch(`/api/reports/schedules/${scheduleId}`, { method: "DELETE" }),
    refresh: true,
    onSuccess: () => setConfirmDelete(false),
  });
  const decide = useApiMutation({
    mutationFn: (d: Decision) => apiFetch(`/api/reports/schedules/${scheduleId}/${d}`, { method: "POST" }),
    refresh: true,
    onSuccess: () => setDeciding(null),
  });
  const busy = (a: Action) => act.pending && act.variables === a;
  return (
    <div className="flex flex-col items-start gap-2">
      {canDecide && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDeciding("approve")} aria-label={t("schedules.actions.approveFor", { label })}>
            {t("schedules.actions.approveShort")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setDeciding("reject")}
            aria-label={t("schedules.actions.rejectFor", { label })}
          >
            {t("schedules.actions.reject")}
          </Button>
        </div>
      )}
      {manage && (
        <div className="flex flex-wrap gap-2">
          {sendable && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setSending(true)}
              aria-label={t("schedules.actions.sendNowFor", { label })}
            >
              {t("schedules.actions.sendNow")}
            </Button>
          )}
          {status === "active" ? (
            <Button
              size="sm"
              variant="secondary"
              loading={busy("pause")}
              disabled={act.pending}
              onClick={() => void act.submit("pause")}
              aria-label={t("schedules.actions.pauseFor", { label })}
            >
              {t("schedules.actions.pause")}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              loading={busy("resume")}
              disabled={act.pending}
              onClick={() => void act.submit("resume")}
              aria-label={t("schedules.actions.resumeFor", { label })}
            >
              {t("schedules.actions.resume")}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)} aria-label={t("schedules.actions.deleteFor", { label })}>
            {t("schedules.actions.delete")}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="max-w-xs text-xs">
        {act.error && <Alert tone="error">{act.error}</Alert>}
        {send.result && (
          <span className={send.result.result === "sent" ? "text-emerald-800" : "text-red-800"} role="status">
            {send.result.message}
          </span>
        )}
      </div>
      {sending && (
        <ConfirmDialog
          open
          onClose={() => setSending(false)}
          title={t("schedules.actions.sendNow")}
          subject={label}
          cancelLabel={t("schedules.actions.cancel")}
          confirmLabel={t("schedules.actions.sendTo", { count: recipients })}
          onConfirm={() => void send.submit(period)}
          pending={send.pending}
          error={send.error}
        >
          <fieldset>
            <legend className="mb-2">{t("schedules.actions.whichDays")}</legend>
            {SEND_NOW_PERIODS.map((p) => (
              <label key={p} className="flex items-center gap-2 py-1">
                <input type="radio" name="send-now-period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
                {t(`schedules.actions.periods.${frequency}.${p}`)}
              </label>
            ))}
          </fieldset>
          <p className="mt-2 text-slate-600">{t("schedules.actions.nextStays")}</p>
        </ConfirmDialog>
      )}
      {deciding && (
        <ConfirmDialog
          open
          onClose={() => setDeciding(null)}
          title={t(deciding === "approve" ? "schedules.actions.approveTitle" : "schedules.actions.rejectTitle")}
          subject={label}
          cancelLabel={t("schedules.actions.cancel")}
          confirmLabel={t(deciding === "approve" ? "schedules.actions.approve" : "schedules.actions.reject")}
          variant={deciding === "reject" ? "danger" : undefined}
          onConfirm={() => void decide.submit(deciding)}
          pending={decide.pending}
          error={decide.error}
        >
          <p>{t(deciding === "approve" ? "schedules.actions.approveBody" : "schedules.actions.rejectBody")}</p>
          <ul className="mt-2 list-disc ps-5">
            {outsideRecipients.map((r) => (
              <li key={r} className="break-all">
                <bdi dir="ltr">{r}</bdi>
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
      {confirmDelete && (
        <ConfirmDialog
          open
          onClose={() => setConfirmDelete(false)}
          title={t("schedules.actions.deleteTitle")}
          subject={label}
          confirmLabel={t("schedules.actions.deleteTitle")}
          variant="danger"
          onConfirm={() => void remove.submit()}
          pending={remove.pending}
          error={remove.error}
        >
          <p>{t("schedules.actions.deleteBody")}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
