// Shows an amount for people ("SAR 1,050.00") isolated left-to-right, so it reads correctly in Arabic text, with the
// reader's digits (next-intl's locale, server and client alike).
import { useLocale } from "next-intl";
import { formatMoney, formatMoneyCompact, type Money } from "@/lib/money";
import { cx } from "./cx";

export interface MoneyAmountProps {
  value: Money;
  /** Intl locale for digits and separators; defaults to the reader's. */
  locale?: string;
  /** Show as a debit, e.g. a refund in a timeline: prefixed with a minus sign (amounts are never negative). */
  negative?: boolean;
  className?: string;
}

export function MoneyAmount({ value, locale, negative = false, className }: MoneyAmountProps) {
  const readerLocale = useLocale();
  const text = formatMoney(value, locale ?? readerLocale);
  return (
    <bdi dir="ltr" className={cx("whitespace-nowrap tabular-nums", className)}>
      {negative ? `\u2212${text}` : text}
    </bdi>
  );
}

/**
 * An amount for a figure tile: the exact amount while it fits, and from ten million up the compact one ("SAR
 * 123.46M") with the exact amount on hover and for screen readers (the chart tables keep the exact figures).
 */
export function FigureAmount({ value, className }: { value: Money; className?: string }) {
  const locale = useLocale();
  const compact = formatMoneyCompact(value, locale);
  if (!compact) return <MoneyAmount value={value} className={className} />;
  const exact = formatMoney(value, locale);
  return (
    <bdi dir="ltr" title={exact} className={cx("whitespace-nowrap tabular-nums", className)}>
      <span aria-hidden="true">{compact}</span>
      <span className="sr-only">{exact}</span>
    </bdi>
  );
}
