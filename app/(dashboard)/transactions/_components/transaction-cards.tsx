// The list on a phone (below md): one card per payment with what matters at a glance (the listed amount, the
// status, the customer, when, the card), opening the payment from anywhere on the card. Server-rendered.
import { useTranslations } from "next-intl";
import { ListCard } from "@/components/list/responsive-list";
import { Badge } from "@/components/ui/badge";
import { CardMask } from "@/components/ui/card-mask";
import { statusTone } from "@/lib/transactions/labels";
import { statusText } from "@/lib/i18n/vocab";
import type { TransactionRow } from "@/server/services/transactions/ledger-query";
import { ListedAmount, When } from "./row-parts";

export function TransactionCards({ rows, now }: { rows: TransactionRow[]; now: number }) {
  const t = useTranslations("transactions");
  const vocab = useTranslations("vocab");
  return rows.map((r) => (
    <ListCard
      key={r.id}
      href={`/transactions/${r.id}`}
      linkText={<ListedAmount row={r} />}
      linkSuffix={t("row.orderSuffix", { orderId: r.orderId })}
      badge={
        <Badge tone={statusTone(r.status)} dot>
          {statusText(vocab, r.status)}
        </Badge>
      }
      lines={[
        <bdi key="who" dir={r.payerName ? "auto" : "ltr"}>
          {r.payerName ?? r.payerEmail ?? t("row.noCustomer")}
        </bdi>,
        <span key="when" className="flex flex-wrap gap-x-2 text-xs text-slate-500">
          <When row={r} now={now} />
          <CardMask card={{ brand: r.cardBrand, last4: r.cardLast4 }} />
          <bdi dir="ltr" className="truncate font-mono">
            {r.orderId}
          </bdi>
        </span>,
      ]}
    />
  ));
}
