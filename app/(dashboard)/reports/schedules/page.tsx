// /reports/schedules: the person's scheduled reports (a super-admin sees everyone's, with the owner named): the
// report, its schedule in words on the reporting zone's clock, recipients, next run, last run and its result,
// status; "New schedule", and per schedule "Send now", pause or resume, and delete. Server-rendered; the dialogs
// load on use.
import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { listSchedules, type ScheduleView } from "@/server/services/reports/schedules/list-schedules";
import { NewSchedule } from "./_components/new-schedule";
import { ScheduleActions } from "./_components/schedule-actions";

export const metadata: Metadata = { title: "Scheduled reports" };
export const dynamic = "force-dynamic";

const BREAKDOWN: Record<string, string> = { branch: "by branch", brand: "by card brand" };

/** "2026-11-30 07:00" on the reporting zone's clock (the page says which zone). */
const inZone = (iso: string, zone: string) => formatInZone(new Date(iso), zone).slice(0, 16);

function Options({ s }: { s: ScheduleView }) {
  const parts = [BREAKDOWN[s.breakdown], s.currency ? `${s.currency} only` : null, s.branchId ? `branch ${s.branchId}` : null].filter(
    Boolean,
  );
  return parts.length ? <span className="block text-xs text-slate-600">{parts.join(" · ")}</span> : null;
}

/** On a phone a cell is a block in the card's grid; the wide ones take the whole row. */
const PHONE_CELL = "max-sm:block max-sm:py-1";
const PHONE_CELL_WIDE = "max-sm:col-span-2 max-sm:block max-sm:py-1";

/** The column's name, shown only on a phone where the header row is hidden. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-medium text-slate-500 sm:hidden">
      {children}
    </span>
  );
}

function LastRun({ s }: { s: ScheduleView }) {
  if (!s.lastRunAt) return <span className="text-slate-500">Not run yet</span>;
  return (
    <>
      <Badge tone={s.lastResult === "sent" ? "success" : "danger"}>{s.lastResult === "sent" ? "Sent" : "Failed"}</Badge>
      <span className="mt-1 block text-sm whitespace-nowrap">
        <bdi dir="ltr">{inZone(s.lastRunAt, s.timeZone)}</bdi>
      </span>
      {s.lastMessage && (
        <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
          {s.lastMessage}
        </span>
      )}
    </>
  );
}

export default async function ScheduledReportsPage() {
  const { principal, allowed } = await pageAccess("REPORTS_VIEW");
  if (!allowed) return <Forbidden area="Scheduled reports" permission="REPORTS_VIEW" />;
  const ctx = await appContext({ principal });
  const schedules = await listSchedules(ctx);
  const zone = ctx.deps.config.reportTimeZone;
  const showOwner = schedules.some((s) => !s.owner.isMe);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Scheduled reports"
        back={{ href: "/reports", label: "Reports" }}
        description={
          <>
            Reports e-mailed to a list of recipients every day, week or month, with the report attached as CSV and its totals in the
            message. Times are on the reporting time zone&apos;s clock (<bdi dir="ltr">{zone}</bdi>). A report runs with its owner&apos;s
            current access: if they lose the Reports permission, it stops and is paused.
          </>
        }
        actions={<NewSchedule timeZone={zone} />}
      />
      <Card title="Schedules" padded={false}>
        {schedules.length === 0 ? (
          <div className="p-5">
            <EmptyState
              title="No scheduled report"
              description="Schedule a report to have it e-mailed to you or your team, e.g. the daily closing every morning."
            />
          </div>
        ) : (
          <Table caption="Scheduled reports, newest first" captionHidden className="max-sm:block">
            <THead className="max-sm:sr-only">
              <TR>
                <TH>Report</TH>
                <TH>Schedule</TH>
                <TH>Recipients</TH>
                <TH>Next run</TH>
                <TH>Last run</TH>
                <TH>Status</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody className="max-sm:block">
              {schedules.map((s) => (
                <TR
                  key={s.id}
                  data-testid="schedule-row"
                  data-schedule-id={s.id}
                  className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2"
                >
                  <TD className={PHONE_CELL_WIDE}>
                    <span className="font-medium sm:whitespace-nowrap">{s.reportTitle}</span>
                    <Options s={s} />
                    {showOwner && (
                      <span className="block text-xs text-slate-600">
                        Owner <bdi dir="ltr">{s.owner.email}</bdi>
                      </span>
                    )}
                  </TD>
                  <TD className={PHONE_CELL_WIDE}>
                    <PhoneLabel>Schedule</PhoneLabel>
                    {s.words}{" "}
                    <span className="text-slate-600">
                      (<bdi dir="ltr">{s.timeZone}</bdi>)
                    </span>
                  </TD>
                  <TD className={PHONE_CELL_WIDE}>
                    <PhoneLabel>Recipients</PhoneLabel>
                    <ul className="space-y-0.5 text-sm">
                      {s.recipients.slice(0, 3).map((r) => (
                        <li key={r} className="max-sm:break-all sm:whitespace-nowrap">
                          <bdi dir="ltr">{r}</bdi>
                        </li>
                      ))}
                      {s.recipients.length > 3 && <li className="text-slate-600">and {s.recipients.length - 3} more</li>}
                    </ul>
                  </TD>
                  <TD className={`${PHONE_CELL} whitespace-nowrap`}>
                    <PhoneLabel>Next run</PhoneLabel>
                    {s.status === "active" ? (
                      <bdi dir="ltr">{inZone(s.nextRunAt, s.timeZone)}</bdi>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </TD>
                  <TD className={PHONE_CELL}>
                    <PhoneLabel>Last run</PhoneLabel>
                    <LastRun s={s} />
                  </TD>
                  <TD className={PHONE_CELL}>
                    <PhoneLabel>Status</PhoneLabel>
                    <Badge tone={s.status === "active" ? "success" : "warning"} dot>
                      {s.status === "active" ? "Active" : "Paused"}
                    </Badge>
                    {s.status === "paused" && s.pauseReason && (
                      <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
                        {s.pauseReason}
                      </span>
                    )}
                  </TD>
                  <TD className={PHONE_CELL_WIDE}>
                    <ScheduleActions
                      scheduleId={s.id}
                      status={s.status}
                      frequency={s.frequency}
                      recipients={s.recipients.length}
                      label={`${s.reportTitle} · ${s.words}`}
                    />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
