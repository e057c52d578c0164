// /reports/schedules: the person's scheduled reports (a super-admin sees everyone's, with the owner named): the
// report, its schedule in words on the reporting zone's clock, recipients, next run, last run and its result,
// status and, for addresses outside the merchant's domains, their approval; "New schedule", and per schedule "Send
// now", pause or resume, and delete (an approver: approve or reject someone else's outside addresses). Server-rendered; the dialogs
// load on use.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { translateKeyedNested } from "@/lib/i18n/keyed-message";
import { ClientMessages } from "@/components/i18n/client-messages";
import { REPORT_KEY } from "@/lib/reports/report-table";
import { currentUiPrefs } from "@/server/i18n/prefs";
import { scheduleWords } from "@/server/services/reports/schedules/schedule-words";
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
import { allowedRecipientDomains } from "@/server/services/reports/schedules/recipient-domains";
import { NewSchedule } from "./_components/new-schedule";
import { ScheduleActions } from "./_components/schedule-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reports");
  return { title: t("schedules.title") };
}
export const dynamic = "force-dynamic";

type ReportsT = Awaited<ReturnType<typeof getTranslations<"reports">>>;

/** "2026-11-30 07:00" on the reporting zone's clock (the page says which zone). */
const inZone = (iso: string, zone: string) => formatInZone(new Date(iso), zone).slice(0, 16);

function Options({ s, t }: { s: ScheduleView; t: ReportsT }) {
  const breakdown = s.breakdown === "branch" ? t("schedules.byBranch") : s.breakdown === "brand" ? t("schedules.byBrand") : null;
  const parts = [
    breakdown,
    s.currency ? t("schedules.currencyOnly", { currency: s.currency }) : null,
    s.branchId ? t("schedules.branch", { branch: s.branchId }) : null,
  ].filter(Boolean);
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

/** A stored outcome or pause reason (a keyed message) in the reader's language. */
type OutcomeText = (text: string) => string;

/** Where a schedule stands with its addresses outside the merchant's domains (nothing when it has none). */
function Approval({ s, t }: { s: ScheduleView; t: ReportsT }) {
  if (s.approval === "not_needed") return null;
  const badge =
    s.approval === "pending" ? (
      <Badge tone="warning">{t("schedules.awaitingApproval")}</Badge>
    ) : s.approval === "approved" ? (
      <Badge tone="neutral">{t("schedules.approvedOutside")}</Badge>
    ) : (
      <Badge tone="danger">{t("schedules.rejectedOutside")}</Badge>
    );
  return (
    <div className="mt-2" data-testid="schedule-approval" data-approval={s.approval}>
      {badge}
      <span className="mt-1 block max-w-xs text-xs text-slate-700 max-sm:max-w-none">
        {t.rich("schedules.outsideList", {
          addresses: s.outsideRecipients.join(", "),
          a: (c) => (
            <bdi dir="ltr" className="break-all">
              {c}
            </bdi>
          ),
        })}
      </span>
      {s.approval === "pending" && !s.canDecide && (
        <span className="mt-1 block max-w-xs text-xs text-slate-600 max-sm:max-w-none">{t("schedules.waitsForApprover")}</span>
      )}
      {s.approval === "rejected" && (
        <span className="mt-1 block max-w-xs text-xs text-slate-600 max-sm:max-w-none">{t("schedules.rejectedHelp")}</span>
      )}
    </div>
  );
}

function LastRun({ s, t, say }: { s: ScheduleView; t: ReportsT; say: OutcomeText }) {
  if (!s.lastRunAt) return <span className="text-slate-500">{t("schedules.notRun")}</span>;
  return (
    <>
      <Badge tone={s.lastResult === "sent" ? "success" : "danger"}>
        {s.lastResult === "sent" ? t("schedules.sent") : t("schedules.failed")}
      </Badge>
      <span className="mt-1 block text-sm whitespace-nowrap">
        <bdi dir="ltr">{inZone(s.lastRunAt, s.timeZone)}</bdi>
      </span>
      {s.lastMessage && (
        <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
          {say(s.lastMessage)}
        </span>
      )}
    </>
  );
}

export default async function ScheduledReportsPage() {
  const { principal, allowed } = await pageAccess("REPORTS_VIEW");
  const [t, tOutcome, tErrors] = await Promise.all([
    getTranslations("reports"),
    getTranslations("reports.schedules.outcomes"),
    getTranslations("errors"),
  ]);
  const say: OutcomeText = (text) => translateKeyedNested(tOutcome, text, tErrors);
  if (!allowed) return <Forbidden area={t("schedules.title")} permission="REPORTS_VIEW" />;
  const ctx = await appContext({ principal });
  const [schedules, prefs, domains] = await Promise.all([
    listSchedules(ctx),
    currentUiPrefs(),
    allowedRecipientDomains(ctx.deps.db, ctx.deps.config.reportRecipientDomains),
  ]);
  const zone = ctx.deps.config.reportTimeZone;
  const showOwner = schedules.some((s) => !s.owner.isMe);
  return (
    <ClientMessages namespaces={["reports"]}>
      <div className="space-y-6">
        <PageHeader
          title={t("schedules.title")}
          back={{ href: "/reports", label: t("schedules.back") }}
          description={t.rich("schedules.description", { zone, tz: (c) => <bdi dir="ltr">{c}</bdi> })}
          actions={<NewSchedule timeZone={zone} domains={domains} />}
        />
        <Card title={t("schedules.card")} padded={false}>
          {schedules.length === 0 ? (
            <div className="p-5">
              <EmptyState title={t("schedules.emptyTitle")} description={t("schedules.emptyDescription")} />
            </div>
          ) : (
            <Table caption={t("schedules.caption")} captionHidden className="max-sm:block">
              <THead className="max-sm:sr-only">
                <TR>
                  <TH>{t("schedules.columns.report")}</TH>
                  <TH>{t("schedules.columns.schedule")}</TH>
                  <TH>{t("schedules.columns.recipients")}</TH>
                  <TH>{t("schedules.columns.nextRun")}</TH>
                  <TH>{t("schedules.columns.lastRun")}</TH>
                  <TH>{t("schedules.columns.status")}</TH>
                  <TH>
                    <span className="sr-only">{t("schedules.columns.actions")}</span>
                  </TH>
                </TR>
              </THead>
              <TBody className="max-sm:block">
                {schedules.map((s) => {
                  const title = t(`names.${REPORT_KEY[s.report]}`);
                  const words = scheduleWords(s.timing, prefs);
                  return (
                    <TR
                      key={s.id}
                      data-testid="schedule-row"
                      data-schedule-id={s.id}
                      className="align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2"
                    >
                      <TD className={PHONE_CELL_WIDE}>
                        <span className="font-medium sm:whitespace-nowrap">{title}</span>
                        <Options s={s} t={t} />
                        {showOwner && (
                          <span className="block text-xs text-slate-600">
                            {t.rich("schedules.owner", { email: s.owner.email, e: (c) => <bdi dir="ltr">{c}</bdi> })}
                          </span>
                        )}
                      </TD>
                      <TD className={PHONE_CELL_WIDE}>
                        <PhoneLabel>{t("schedules.columns.schedule")}</PhoneLabel>
                        {words}{" "}
                        <span className="text-slate-600">
                          (<bdi dir="ltr">{s.timeZone}</bdi>)
                        </span>
                      </TD>
                      <TD className={PHONE_CELL_WIDE}>
                        <PhoneLabel>{t("schedules.columns.recipients")}</PhoneLabel>
                        <ul className="space-y-0.5 text-sm">
                          {s.recipients.slice(0, 3).map((r) => (
                            <li key={r} className="max-sm:break-all sm:whitespace-nowrap">
                              <bdi dir="ltr">{r}</bdi>
                            </li>
                          ))}
                          {s.recipients.length > 3 && (
                            <li className="text-slate-600">{t("schedules.more", { count: s.recipients.length - 3 })}</li>
                          )}
                        </ul>
                      </TD>
                      <TD className={`${PHONE_CELL} whitespace-nowrap`}>
                        <PhoneLabel>{t("schedules.columns.nextRun")}</PhoneLabel>
                        {s.status === "active" ? (
                          <bdi dir="ltr">{inZone(s.nextRunAt, s.timeZone)}</bdi>
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                      </TD>
                      <TD className={PHONE_CELL}>
                        <PhoneLabel>{t("schedules.columns.lastRun")}</PhoneLabel>
                        <LastRun s={s} t={t} say={say} />
                      </TD>
                      <TD className={s.approval === "not_needed" ? PHONE_CELL : PHONE_CELL_WIDE}>
                        <PhoneLabel>{t("schedules.columns.status")}</PhoneLabel>
                        <Badge tone={s.status === "active" ? "success" : "warning"} dot>
                          {s.status === "active" ? t("schedules.active") : t("schedules.paused")}
                        </Badge>
                        {s.status === "paused" && s.pauseReason && (
                          <span dir="auto" className="mt-1 block max-w-xs text-xs text-slate-700">
                            {say(s.pauseReason)}
                          </span>
                        )}
                        <Approval s={s} t={t} />
                      </TD>
                      <TD className={PHONE_CELL_WIDE}>
                        <ScheduleActions
                          scheduleId={s.id}
                          status={s.status}
                          frequency={s.frequency}
                          recipients={s.recipients.length}
                          approval={s.approval}
                          outsideRecipients={s.outsideRecipients}
                          canDecide={s.canDecide}
                          manage={s.owner.isMe || principal.userType === "SUPER_ADMIN"}
                          label={`${title} · ${words}`}
                        />
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
          )}
        </Card>
      </div>
    </ClientMessages>
  );
}
