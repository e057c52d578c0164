import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { actionStateText, reasonText } from "@/lib/i18n/vocab";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { ACTION_STATE } from "@/lib/schemas/payment-actions-values";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { refundsQueue } from "@/server/services/payments/work-queues";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-styles";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/list/pager";
import { refundListQuerySchema, toRefundQueryString, hasRefundFilter } from "@/lib/schemas/refund-list";
import { tidyListUrl } from "@/server/http/tidy-list-url";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { readerValidationText } from "@/server/i18n/error-text";
import { listRefundHistory, refundRequesters, type RefundHistoryRow } from "@/server/services/refunds/refund-history";
import { RefundFilterForm } from "./_components/refund-filter-form";
import { ApprovalButtons } from "./_components/approval-buttons";
import { DecisionMessageProvider } from "./_components/decision-message";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("refunds");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type Row = Pick<RefundHistoryRow, "amountMinor" | "currency">;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const FIELDS = ["q", "state", "requester", "currency", "amountMin", "amountMax", "from", "to", "size"] as const;

function Amount({ r }: { r: Row }) {
  return isCurrencyCode(r.currency) ? <MoneyAmount value={{ minor: r.amountMinor, currency: r.currency }} /> : <>{r.amountMinor}</>;
}

export default async function RefundsPage({ searchParams }: { searchParams: SearchParams }) {
  const { principal } = await pageAccess(null);
  const canView = principal.permissions.has("REFUNDS_CREATE") || principal.permissions.has("REFUNDS_APPROVE");
  const [t, vocab] = await Promise.all([getTranslations("refunds"), getTranslations("vocab")]);
  const person = (c: React.ReactNode) => <bdi>{c}</bdi>;
  if (!canView) return <Forbidden area={t("title")} permission="REFUNDS_CREATE or REFUNDS_APPROVE" />;
  const canApprove = principal.permissions.has("REFUNDS_APPROVE");
  const ctx = await appContext({ principal });
  const raw = await searchParams;
  // The history's days: the URL's zone (a shared link keeps its own), else the reader's display zone.
  const display = await currentDisplayZone();
  const urlHasZone = typeof raw.tz === "string" && raw.tz !== "";
  const parsed = refundListQuerySchema.safeParse(urlHasZone ? raw : { ...raw, tz: display.zone });
  // Tidy the URL the GET form leaves behind (empty fields, defaults) so that shared links stay short.
  if (parsed.success) tidyListUrl("/refunds", raw, toRefundQueryString(parsed.data));
  const last = (k: string) => {
    const v = raw[k];
    return Array.isArray(v) ? v.at(-1) : v;
  };
  const values = Object.fromEntries(FIELDS.map((k) => [k, last(k)]));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    const say = await readerValidationText(); // the schema's messages are validation keys
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= say(issue.message);
  }
  const query = parsed.success ? parsed.data : null;
  const zone = query?.tz ?? display.zone;
  const [{ pending }, history, requesters] = await Promise.all([
    refundsQueue(ctx),
    query ? listRefundHistory(ctx, query) : null,
    refundRequesters(ctx),
  ]);
  const recent = history?.rows ?? [];
  const canExport = principal.permissions.has("TRANSACTIONS_EXPORT");
  const href = (qs: string) => (qs ? `/refunds?${qs}` : "/refunds");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canExport && query ? (
            <a
              href={`/api/refunds/export?${toRefundQueryString(query, { cursor: null })}`}
              download
              className={buttonClasses({ variant: "secondary" })}
            >
              {t("export")}
            </a>
          ) : (
            <Button variant="secondary" disabledReason={t("exportNeeds")}>
              {t("export")}
            </Button>
          )
        }
      />
      <ClientMessages namespaces={["refunds"]}>
        <DecisionMessageProvider>
          <Card title={t("waiting", { count: pending.length })} padded={pending.length === 0}>
            {pending.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noneWaiting")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {pending.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
                    <div className="text-sm">
                      <p>
                        {t.rich("onOrder", {
                          orderId: r.orderId,
                          a: () => (
                            <span className="font-semibold">
                              <Amount r={r} />
                            </span>
                          ),
                          o: (c) => (
                            <Link href={`/transactions/${r.paymentId}`} className="text-brand-700 hover:underline">
                              <bdi dir="ltr">{c}</bdi>
                            </Link>
                          ),
                        })}
                      </p>
                      <p className="text-slate-600">
                        {r.reasonCode && reasonText(vocab, r.reasonCode)}
                        {r.note && <span dir="auto"> · “{r.note}”</span>}
                        {t.rich("requestedByWhen", { name: r.requestedBy, p: person })}
                        <LocalTime iso={r.createdAt.toISOString()} relative />
                      </p>
                    </div>
                    {canApprove && (
                      <ApprovalButtons
                        actionId={r.id}
                        amount={isCurrencyCode(r.currency) ? { minor: r.amountMinor, currency: r.currency } : null}
                        orderId={r.orderId}
                        requestedBy={r.requestedBy}
                        disabledReason={r.requestedById === principal.userId ? t("ownRequest") : undefined}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </DecisionMessageProvider>
      </ClientMessages>
      <section aria-labelledby="history-heading" className="space-y-4">
        <h2 id="history-heading" className="text-base font-semibold">
          {t("history")}
        </h2>
        {!query &&
          (errors.cursor ? (
            <Alert tone="warning" title={t("outdatedTitle")} action={<Link href="/refunds">{t("firstPage")}</Link>}>
              {errors.cursor}
            </Alert>
          ) : (
            <Alert tone="error" title={t("invalidTitle")} />
          ))}
        <RefundFilterForm values={values} errors={errors} requesters={requesters} zone={zone} vocab={vocab} />
        {!query ? null : recent.length === 0 ? (
          hasRefundFilter(query) ? (
            <EmptyState
              title={t("noMatchTitle")}
              description={t("noMatchBody")}
              action={
                <Link href="/refunds" className={buttonClasses({ variant: "secondary" })}>
                  {t("filter.clear")}
                </Link>
              }
            />
          ) : (
            <EmptyState title={t("emptyTitle")} description={t("emptyBody")} />
          )
        ) : (
          <>
            {/* On a phone each refund is a card: amount, state, order, who and when, with nothing off screen. */}
            <section aria-labelledby="recent-phone" className="space-y-3 sm:hidden">
              <h2 id="recent-phone" className="text-base font-semibold">
                {t("recent")}
              </h2>
              <ul className="space-y-3">
                {recent.map((r) => (
                  <li key={r.id} className="rounded-md border border-slate-200 bg-white p-4 text-sm shadow-xs">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="text-base font-semibold">
                        <Amount r={r} />
                      </span>
                      <Badge tone={ACTION_STATE[r.state]?.tone ?? "neutral"}>{actionStateText(vocab, r.state)}</Badge>
                    </div>
                    <p className="mt-1">
                      <Link href={`/transactions/${r.paymentId}`} className="text-brand-700 hover:underline">
                        <bdi dir="ltr">{r.orderId}</bdi>
                      </Link>
                      {r.reasonCode && <span className="text-slate-700"> · {reasonText(vocab, r.reasonCode)}</span>}
                    </p>
                    <p className="mt-1 text-slate-600">
                      <bdi>{r.requestedBy}</bdi>
                      {r.approvedBy &&
                        t.rich(r.state === "rejected" ? "rejectedBy" : "approvedBy", { name: r.approvedBy, p: person })} ·{" "}
                      <LocalTime iso={r.createdAt.toISOString()} />
                    </p>
                  </li>
                ))}
              </ul>
            </section>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
              <Table caption={t("recent")}>
                <THead>
                  <TR>
                    <TH>{t("columns.order")}</TH>
                    <TH numeric>{t("columns.amount")}</TH>
                    <TH>{t("columns.state")}</TH>
                    <TH>{t("columns.reason")}</TH>
                    <TH>{t("columns.requestedBy")}</TH>
                    <TH>{t("columns.approvedBy")}</TH>
                    <TH>{t("columns.when")}</TH>
                  </TR>
                </THead>
                <TBody>
                  {recent.map((r) => (
                    <TR key={r.id}>
                      <TD>
                        <Link href={`/transactions/${r.paymentId}`} className="text-brand-700 hover:underline">
                          <bdi dir="ltr">{r.orderId}</bdi>
                        </Link>
                      </TD>
                      <TD numeric>
                        <Amount r={r} />
                      </TD>
                      <TD>
                        <Badge tone={ACTION_STATE[r.state]?.tone ?? "neutral"}>{actionStateText(vocab, r.state)}</Badge>
                        {r.outcomeMessage && r.state !== "succeeded" && (
                          <span className="block text-xs text-slate-600">{r.outcomeMessage}</span>
                        )}
                      </TD>
                      <TD>{r.reasonCode ? reasonText(vocab, r.reasonCode) : "—"}</TD>
                      <TD>
                        <bdi>{r.requestedBy}</bdi>
                      </TD>
                      <TD>{r.approvedBy ? <bdi>{r.approvedBy}</bdi> : "—"}</TD>
                      <TD>
                        <LocalTime iso={r.createdAt.toISOString()} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
            <Pager
              shown={recent.length}
              prevHref={history?.prevCursor ? href(toRefundQueryString(query, { cursor: history.prevCursor })) : null}
              nextHref={history?.nextCursor ? href(toRefundQueryString(query, { cursor: history.nextCursor })) : null}
            />
          </>
        )}
      </section>
    </div>
  );
}
