// The customer's page after a payment link's checkout: the merchant, the product line, the amount, the order and
// the outcome as the ledger knows it. Server-rendered; while the gateway's confirmation is on its way the outcome
// says so, the page asks again on its own for about a minute (ConfirmingPoller), and "Check again" stays as a plain
// link for a customer who waits longer.
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { ConfirmingPoller } from "./confirming-poller";
import type { LinkReturnView, ReturnOutcome } from "@/server/services/payments/links/return-view";

// Each outcome's colour; its title and sentence are the catalog's `checkout.outcome.<outcome>`.
const TONE: Record<ReturnOutcome, string> = {
  paid: "text-emerald-700",
  authorized: "text-emerald-700",
  refunded: "text-slate-700",
  not_paid: "text-red-700",
  cancelled: "text-slate-700",
  confirming: "text-slate-700",
};

export function LinkReturn({ view, hintFailed, selfHref }: { view: LinkReturnView; hintFailed: boolean; selfHref: string }) {
  // The redirect's failure hint is shown only while the ledger has no outcome yet (it is the customer's own URL).
  const t = useTranslations("checkout");
  const shown: ReturnOutcome = view.outcome === "confirming" && hintFailed ? "not_paid" : view.outcome;
  const outcome = { title: t(`outcome.${shown}.title`), text: t(`outcome.${shown}.text`), tone: TONE[shown] };
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
              <dt className="text-slate-600">{t("for")}</dt>
              <dd dir="auto">{view.description}</dd>
            </>
          )}
          <dt className="text-slate-600">{t("amount")}</dt>
          <dd className="font-medium">
            <MoneyAmount value={view.amount} />
          </dd>
          <dt className="text-slate-600">{t("order")}</dt>
          <dd>
            <bdi dir="ltr" className="break-all">
              {view.orderId}
            </bdi>
          </dd>
          {view.outcome !== "confirming" && (
            <>
              <dt className="text-slate-600">{view.outcome === "paid" || view.outcome === "authorized" ? t("paid") : t("updated")}</dt>
              <dd>
                <LocalTime iso={view.updatedAt} />
              </dd>
            </>
          )}
        </dl>
        {view.outcome === "confirming" && <ConfirmingPoller />}
        {view.outcome === "confirming" && (
          <a href={selfHref} className="mt-5 inline-block text-sm font-medium text-brand-700 underline">
            {t("checkAgain")}
          </a>
        )}
      </div>
    </main>
  );
}
