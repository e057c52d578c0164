import type { Metadata } from "next";
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
import { ACTION_STATE, actionStateLabel, reasonLabel } from "@/lib/schemas/payment-actions-values";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { refundsQueue } from "@/server/services/payments/work-queues";
import { ApprovalButtons } from "./_components/approval-buttons";
import { DecisionMessageProvider } from "./_components/decision-message";

export const metadata: Metadata = { title: "Refunds" };
export const dynamic = "force-dynamic";

type Row = Awaited<ReturnType<typeof refundsQueue>>["recent"][number];

function Amount({ r }: { r: Row }) {
  return isCurrencyCode(r.currency) ? <MoneyAmount value={{ minor: r.amountMinor, currency: r.currency }} /> : <>{r.amountMinor}</>;
}

export default async function RefundsPage() {
  const { principal } = await pageAccess(null);
  const canView = principal.permissions.has("REFUNDS_CREATE") || principal.permissions.has("REFUNDS_APPROVE");
  if (!canView) return <Forbidden area="Refunds" permission="REFUNDS_CREATE or REFUNDS_APPROVE" />;
  const canApprove = principal.permissions.has("REFUNDS_APPROVE");
  const { pending, recent } = await refundsQueue(await appContext({ principal }));
  return (
    <div className="space-y-6">
      <PageHeader title="Refunds" description="Refunds with their state, who asked for them and who approved them." />
      <DecisionMessageProvider>
        <Card title={`Waiting for approval (${pending.length})`} padded={pending.length === 0}>
          {pending.length === 0 ? (
            <p className="text-sm text-slate-600">No refund is waiting for approval.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {pending.map((r) => (
                <li key={r.id} className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
                  <div className="text-sm">
                    <p>
                      <span className="font-semibold">
                        <Amount r={r} />
                      </span>{" "}
                      on order{" "}
                      <Link href={`/transactions/${r.paymentId}`} className="text-brand-700 hover:underline">
                        <bdi dir="ltr">{r.orderId}</bdi>
                      </Link>
                    </p>
                    <p className="text-slate-600">
                      {r.reasonCode && reasonLabel(r.reasonCode)}
                      {r.note && <span dir="auto"> · “{r.note}”</span>} · requested by <bdi>{r.requestedBy}</bdi>,{" "}
                      <LocalTime iso={r.createdAt.toISOString()} relative />
                    </p>
                  </div>
                  {canApprove && (
                    <ApprovalButtons
                      actionId={r.id}
                      amount={isCurrencyCode(r.currency) ? { minor: r.amountMinor, currency: r.currency } : null}
                      orderId={r.orderId}
                      requestedBy={r.requestedBy}
                      disabledReason={
                        r.requestedById === principal.userId ? "You requested this refund; someone else must approve it." : undefined
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </DecisionMessageProvider>
      {recent.length === 0 ? (
        <EmptyState title="No refunds yet" description="Refunds are made from a payment's page." />
      ) : (
        <>
          {/* On a phone each refund is a card: amount, state, order, who and when, with nothing off screen. */}
          <section aria-labelledby="recent-phone" className="space-y-3 sm:hidden">
            <h2 id="recent-phone" className="text-base font-semibold">
              Refunds, latest first
            </h2>
            <ul className="space-y-3">
              {recent.map((r) => (
                <li key={r.id} className="rounded-md border border-slate-200 bg-white p-4 text-sm shadow-xs">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="text-base font-semibold">
                      <Amount r={r} />
                    </span>
                    <Badge tone={ACTION_STATE[r.state]?.tone ?? "neutral"}>{actionStateLabel(r.state)}</Badge>
                  </div>
                  <p className="mt-1">
                    <Link href={`/transactions/${r.paymentId}`} className="text-brand-700 hover:underline">
                      <bdi dir="ltr">{r.orderId}</bdi>
                    </Link>
                    {r.reasonCode && <span className="text-slate-700"> · {reasonLabel(r.reasonCode)}</span>}
                  </p>
                  <p className="mt-1 text-slate-600">
                    <bdi>{r.requestedBy}</bdi>
                    {r.approvedBy && (
                      <>
                        {" "}
                        · {r.state === "rejected" ? "rejected" : "approved"} by <bdi>{r.approvedBy}</bdi>
                      </>
                    )}{" "}
                    · <LocalTime iso={r.createdAt.toISOString()} />
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
            <Table caption="Refunds, latest first">
              <THead>
                <TR>
                  <TH>Order</TH>
                  <TH numeric>Amount</TH>
                  <TH>State</TH>
                  <TH>Reason</TH>
                  <TH>Requested by</TH>
                  <TH>Approved by</TH>
                  <TH>When</TH>
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
                      <Badge tone={ACTION_STATE[r.state]?.tone ?? "neutral"}>{actionStateLabel(r.state)}</Badge>
                      {r.outcomeMessage && r.state !== "succeeded" && (
                        <span className="block text-xs text-slate-600">{r.outcomeMessage}</span>
                      )}
                    </TD>
                    <TD>{r.reasonCode ? reasonLabel(r.reasonCode) : "—"}</TD>
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
        </>
      )}
    </div>
  );
}
