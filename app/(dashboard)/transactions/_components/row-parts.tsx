// Pieces the transactions table and its phone cards share, so both say the same thing: the listed amount (what
// was captured after a partial capture, with the authorized amount beside it), the time (relative for the last
// day, where recency matters), the card mask and the payment's link text.
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { asMoney, ledgerDecimal, listedAmount } from "@/lib/transactions/format";
import type { TransactionRow } from "@/server/services/transactions/ledger-query";

export function Amount({ minor, currency }: { minor: number; currency: string }) {
  const m = asMoney({ minor, currency });
  return m ? <MoneyAmount value={m} /> : <bdi dir="ltr">{`${minor} ${currency}`}</bdi>;
}

/** The listed amount; after a partial capture, "of 100.00 authorized" under it. */
export function ListedAmount({ row }: { row: TransactionRow }) {
  const shown = listedAmount(row);
  return (
    <>
      <Amount minor={shown.minor} currency={row.currency} />
      {shown.authorizedMinor !== null && <AuthorizedNote row={row} authorizedMinor={shown.authorizedMinor} />}
    </>
  );
}

function AuthorizedNote({ row, authorizedMinor }: { row: TransactionRow; authorizedMinor: number }) {
  const t = useTranslations("transactions");
  return (
    <span className="block text-xs font-normal text-slate-500">
      {t.rich("row.authorizedNote", {
        amount: ledgerDecimal(authorizedMinor, row.currency),
        n: (c) => <bdi dir="ltr">{c}</bdi>,
      })}
    </span>
  );
}

const DAY_MS = 86_400_000;

/** When the payment was made: "5 minutes ago" within the last day, else the date and time (the reader's zone). */
export function When({ row, now }: { row: TransactionRow; now: number }) {
  return <LocalTime iso={row.createdAt.toISOString()} relative={now - row.createdAt.getTime() < DAY_MS} />;
}
