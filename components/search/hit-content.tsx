// What one search result says, the same in the header's popup and on the search page: a first line a person
// recognises (order id, a customer's name, a user) with its state, and a second line with the amount, who paid,
// the card and why it matched ("RRN", "Phone"). No hooks beyond translations: it renders on the server and in
// the browser alike.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { statusText } from "@/lib/i18n/vocab";
import { LINK_STATUS_TONE } from "@/lib/payment-link-status";
import type { AnyHit } from "@/lib/search/result-href";
import { statusTone } from "@/lib/transactions/labels";

const USER_TONE = { active: "success", disabled: "neutral", invited: "info" } as const;

export function HitContent({ h }: { h: AnyHit }) {
  const t = useTranslations("shell.search");
  const vocab = useTranslations("vocab");
  const tl = useTranslations("links.status");
  switch (h.group) {
    case "payments": {
      const p = h.hit;
      return (
        <>
          <span className="flex min-w-0 items-center gap-2">
            <bdi className="truncate font-medium text-slate-900">{p.orderId}</bdi>
            <Badge tone={statusTone(p.status)} dot>
              {statusText(vocab, p.status)}
            </Badge>
          </span>
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs text-slate-600">
            {p.amount && <MoneyAmount value={p.amount} />}
            {(p.payerName ?? p.payerEmail) && <bdi className="truncate">{p.payerName ?? p.payerEmail}</bdi>}
            {p.cardLast4 && <bdi dir="ltr">•••• {p.cardLast4}</bdi>}
            <span className="text-slate-500">· {t(`matchedBy.${p.matchedBy}`)}</span>
          </span>
        </>
      );
    }
    case "customers": {
      const c = h.hit;
      return (
        <>
          <bdi className="truncate font-medium text-slate-900">{c.name ?? c.email}</bdi>
          <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-slate-600">
            {c.name && (
              <bdi dir="ltr" className="truncate">
                {c.email}
              </bdi>
            )}
            <span>{t.rich("lastPayment", { date: () => <LocalTime iso={c.lastPaymentAt} /> })}</span>
          </span>
        </>
      );
    }
    case "links": {
      const l = h.hit;
      return (
        <>
          <span className="flex min-w-0 items-center gap-2">
            <bdi className="truncate font-medium text-slate-900">{l.orderId}</bdi>
            <Badge tone={LINK_STATUS_TONE[l.status]} dot>
              {tl(l.status)}
            </Badge>
          </span>
          <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-slate-600">
            {l.amount && <MoneyAmount value={l.amount} />}
            {l.customerName && <bdi className="truncate">{l.customerName}</bdi>}
          </span>
        </>
      );
    }
    case "users": {
      const u = h.hit;
      return (
        <>
          <span className="flex min-w-0 items-center gap-2">
            <bdi className="truncate font-medium text-slate-900">{u.name}</bdi>
            <Badge tone={USER_TONE[u.status]}>{t(`userStatus.${u.status}`)}</Badge>
          </span>
          <bdi dir="ltr" className="truncate text-xs text-slate-600">
            {u.email}
          </bdi>
        </>
      );
    }
  }
}
