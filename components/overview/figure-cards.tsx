// The Overview's figures: per currency (never summed across currencies) gross volume, refunds, net, average ticket
// and refund rate; across currencies the approval rate and the declines. Each figure is a link to the Transactions
// list of exactly the payments that make it (activityHref), and says how it moved against the previous period.
import Link from "next/link";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { FigureAmount } from "@/components/ui/money";
import { cx } from "@/components/ui/cx";
import { isCurrencyCode, type CurrencyCode } from "@/lib/money";
import { activityHref, type Activity } from "@/lib/reports/activity";
import type { CurrencyFigures, OverviewFigures, OverviewFilter } from "@/lib/reports/figures";
import type { ResolvedPeriod } from "@/lib/reports/period";
import { countOf, formatCount, formatRate, percentChange, rateChange, type Change, type Words } from "./format";

const EMPTY: Omit<CurrencyFigures, "currency"> = {
  gross: { minor: 0, count: 0 },
  sales: { minor: 0, count: 0 },
  captures: { minor: 0, count: 0 },
  refunds: { minor: 0, count: 0 },
  voids: { minor: 0, count: 0 },
  declines: { minor: 0, count: 0 },
  netMinor: 0,
  averageTicketMinor: null,
  refundRate: null,
};

/** Each currency of either period, with its current and previous figures (zeros where a period had none). */
export function currencyPairs(f: OverviewFigures): Array<{ currency: CurrencyCode; now: CurrencyFigures; before: CurrencyFigures }> {
  // In the service's order (the current period's first), then what only the previous period had.
  const codes = [...new Set([...f.current.byCurrency, ...f.previous.byCurrency].map((c) => c.currency))].filter(isCurrencyCode);
  const find = (list: CurrencyFigures[], c: CurrencyCode) => list.find((x) => x.currency === c) ?? { ...EMPTY, currency: c };
  return codes.map((c) => ({ currency: c, now: find(f.current.byCurrency, c), before: find(f.previous.byCurrency, c) }));
}

/** Green for a change for the better: more volume, fewer refunds and declines (the words say which way anyway). */
function toneClass(tone: Change["tone"], risingIsBad: boolean): string {
  if (tone === "up") return risingIsBad ? "text-red-700" : "text-emerald-700";
  if (tone === "down") return risingIsBad ? "text-emerald-700" : "text-red-700";
  return "text-slate-600";
}

function Figure({
  label,
  value,
  href,
  detail,
  change,
  risingIsBad = false,
}: {
  label: string;
  value: ReactNode;
  href?: string;
  detail?: ReactNode;
  change?: Change;
  risingIsBad?: boolean;
}) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 bg-white p-4 shadow-xs print:break-inside-avoid print:shadow-none">
      <dt className="text-sm text-slate-600 print:text-black">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 print:text-black">
        {href ? (
          <Link href={href} className="text-brand-700 underline-offset-2 hover:underline print:text-black">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      {detail && <dd className="mt-0.5 text-sm text-slate-600 print:text-black">{detail}</dd>}
      {change && <dd className={cx("mt-0.5 text-sm print:text-black", toneClass(change.tone, risingIsBad))}>{change.text}</dd>}
    </div>
  );
}

export function FigureCards({ figures, period, filter }: { figures: OverviewFigures; period: ResolvedPeriod; filter: OverviewFilter }) {
  const t = useTranslations("overview");
  const w: Words = { t, locale: useLocale() };
  const days = period.days;
  const link = (activity: Activity, currency?: string) =>
    activityHref(activity, period, period.timeZone, { ...filter, ...(currency ? { currency } : {}) });
  const { current, previous } = figures;
  return (
    <div className="space-y-5">
      {currencyPairs(figures).map(({ currency, now, before }) => (
        <section key={currency} aria-labelledby={`figures-${currency}`}>
          <h3 id={`figures-${currency}`} className="text-sm font-semibold text-slate-900 print:text-black">
            <bdi dir="ltr">{currency}</bdi>
          </h3>
          <dl className="mt-2 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            <Figure
              label={t("cards.grossVolume")}
              value={<FigureAmount value={{ minor: now.gross.minor, currency }} />}
              href={link("gross", currency)}
              detail={countOf(w, now.gross.count, "payments")}
              change={percentChange(w, now.gross.minor, before.gross.minor, days)}
            />
            <Figure
              label={t("cards.refunds")}
              value={<FigureAmount value={{ minor: now.refunds.minor, currency }} />}
              href={link("refunds", currency)}
              detail={countOf(w, now.refunds.count, "refunds")}
              change={percentChange(w, now.refunds.minor, before.refunds.minor, days, "refunds")}
              risingIsBad
            />
            <Figure
              label={t("cards.net")}
              value={<FigureAmount value={{ minor: now.netMinor, currency }} />}
              detail={t("cards.netDetail")}
              change={percentChange(w, now.netMinor, before.netMinor, days)}
            />
            <Figure
              label={t("cards.averageTicket")}
              value={now.averageTicketMinor === null ? "—" : <FigureAmount value={{ minor: now.averageTicketMinor, currency }} />}
              href={now.gross.count > 0 ? link("gross", currency) : undefined}
              detail={t("cards.averageTicketDetail")}
              change={percentChange(w, now.averageTicketMinor ?? 0, before.averageTicketMinor, days)}
            />
            <Figure
              label={t("cards.refundRate")}
              value={formatRate(w, now.refundRate)}
              href={now.refunds.count > 0 ? link("refunds", currency) : undefined}
              detail={t("cards.refundRateDetail")}
              change={rateChange(w, now.refundRate, before.refundRate, days)}
              risingIsBad
            />
          </dl>
        </section>
      ))}
      <section aria-labelledby="figures-outcomes">
        <h3 id="figures-outcomes" className="text-sm font-semibold text-slate-900 print:text-black">
          {filter.currency
            ? t.rich("cards.outcomesIn", { currency: filter.currency, c: (chunks) => <bdi dir="ltr">{chunks}</bdi> })
            : t("cards.outcomesAll")}
        </h3>
        <dl className="mt-2 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
          <Figure
            label={t("cards.approvalRate")}
            value={formatRate(w, current.approvalRate)}
            href={link("attempts")}
            detail={t("cards.approvedOf", {
              approved: formatCount(w, current.approved),
              attempts: countOf(w, current.attempts, "attempts"),
            })}
            change={rateChange(w, current.approvalRate, previous.approvalRate, days, "paymentAttempts")}
          />
          <Figure
            label={t("cards.approvedPayments")}
            value={formatCount(w, current.approved)}
            href={link("approved")}
            change={percentChange(w, current.approved, previous.approved, days, "approvedPayments")}
          />
          <Figure
            label={t("cards.declines")}
            value={formatCount(w, current.declined)}
            href={link("declines")}
            detail={t("cards.declinesDetail")}
            change={percentChange(w, current.declined, previous.declined, days, "declines")}
            risingIsBad
          />
        </dl>
      </section>
    </div>
  );
}
