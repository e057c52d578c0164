// Shows an amount for people ("SAR 1,050.00") isolated left-to-right, so it reads correctly in Arabic text, with the
// reader's digits (next-intl's locale, server and client alike).
import { useLocale } from "next-intl";
import { formatMoney, type Money } from "@/lib/money";
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
