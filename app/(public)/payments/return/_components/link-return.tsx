// The customer's page after a payment link's checkout: the merchant, the product line, the amount, the order and
// the outcome as the ledger knows it. Server-rendered, no client code but LocalTime. While the gateway's
// confirmation is on its way the outcome says so and offers to check again (a plain link: no timer, no script).
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import type { LinkReturnView, ReturnOutcome } from "@/server/services/payments/links/return-view";

const OUTCOME: Record<ReturnOutcome, { title: string; text: string; tone: string }> = {
  paid: { title: "Payment received", text: "Thank you. The merchant has received your payment.", tone: "text-emerald-700" },
  authorized: {
    title: "Payment approved",
    text: "Thank you. Your card was approved; the merchant takes the payment when your order is completed.",
    tone: "text-emerald-700",
  },
  refunded: { title: "Payment returned", text: "This payment was returned to your card.", tone: "text-slate-700" },
  not_paid: {
    title: "The payment did not go through",
    text: "Nothing was taken from your card. You can open the payment link again to try another card.",
    tone: "text-red-700",
  },
  cancelled: {
    title: "This payment link was cancelled",
    text: "The merchant cancelled this payment link. Nothing was taken.",
    tone: "text-slate-700",
  },
  confirming: {
    title: "Your payment is being confirmed",
    text: "The merchant is waiting for the bank's confirmation. This takes a few seconds.",
    tone: "text-slate-700",
  },
};

export function LinkReturn({ view, hintFailed, selfHref }: { view: LinkReturnView; hintFailed: boolean; selfHref: string }) {
  // The redirect's failure hint is shown only while the ledger has no outcome yet (it is the customer's own URL).
  const outcome = view.outcome === "confirming" && hintFailed ? OUTCOME.not_paid : OUTCOME[view.outcome];
  return (
    <main className="flex min-h-screen items-start justify-center p-4 sm:items-center sm:p-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600" dir="auto">
          {view.merchantName}
        </p>
        <h1 className={`mt-1 text-xl font-semibold ${outcome.tone}`}>{outcome.title}</h1>
        <p className="mt-2 text-sm text-slate-700" role="status">
          {outcome.text}
        </p>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {view.description && (
            <>
              <dt className="text-slate-600">For</dt>
              <dd dir="auto">{view.description}</dd>
            </>
          )}
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-medium">
            <MoneyAmount value={view.amount} />
          </dd>
          <dt className="text-slate-600">Order</dt>
          <dd>
            <bdi dir="ltr" className="break-all">
              {view.orderId}
            </bdi>
          </dd>
          {view.outcome !== "confirming" && (
            <>
              <dt className="text-slate-600">{view.outcome === "paid" || view.outcome === "authorized" ? "Paid" : "Updated"}</dt>
              <dd>
                <LocalTime iso={view.updatedAt} />
              </dd>
            </>
          )}
        </dl>
        {view.outcome === "confirming" && (
          <a href={selfHref} className="mt-5 inline-block text-sm font-medium text-brand-700 underline">
            Check again
          </a>
        )}
      </div>
    </main>
  );
}
