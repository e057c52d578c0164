// The list on a phone (below md): one card per payment with what matters at a glance (the listed amount, the
// status, the customer, when, the card), opening the payment from anywhere on the card. Server-rendered.
import { ListCard } from "@/components/list/responsive-list";
import { Badge } from "@/components/ui/badge";
import { CardMask } from "@/components/ui/card-mask";
import { statusLabel, statusTone } from "@/lib/transactions/labels";
import type { TransactionRow } from "@/server/services/transactions/ledger-query";
import { ListedAmount, When } from "./row-parts";

export function TransactionCards({ rows, now }: { rows: TransactionRow[]; now: number }) {
  return rows.map((r) => (
    <ListCard
      key={r.id}
      href={`/transactions/${r.id}`}
      linkText={<ListedAmount row={r} />}
      linkSuffix={`, order ${r.orderId}`}
      badge={
        <Badge tone={statusTone(r.status)} dot>
          {statusLabel(r.status)}
        </Badge>
      }
      lines={[
        <bdi key="who" dir={r.payerName ? "auto" : "ltr"}>
          {r.payerName ?? r.payerEmail ?? "No customer details"}
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
