// The payment's captures, voids and refunds, latest first: amount, reason, state in words, who asked and who
// approved, and when.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { ACTION_STATE } from "@/lib/schemas/payment-actions-values";
import { actionStateText, actionTypeText, reasonText } from "@/lib/i18n/vocab";
import type { ActionRowView } from "@/server/services/payments/payment-page";

export function ActionList({ actions, money }: { actions: ActionRowView[]; money: (minor: number) => React.ReactNode }) {
  const t = useTranslations("payment.actions");
  const vocab = useTranslations("vocab");
  const person = (c: React.ReactNode) => <bdi>{c}</bdi>;
  return (
    <Card title={t("title")} padded={false}>
      <ul className="divide-y divide-slate-100" data-testid="action-list">
        {actions.map((a) => (
          <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3 text-sm">
            <span>
              <span className="font-medium">{actionTypeText(vocab, a.type)}</span> {money(a.amountMinor)}
              {a.reasonCode && <span className="text-slate-600"> · {reasonText(vocab, a.reasonCode)}</span>}
              {a.note && (
                <span className="text-slate-600" dir="auto">
                  {" "}
                  · {a.note}
                </span>
              )}
            </span>
            <span className="text-slate-600">
              <Badge tone={ACTION_STATE[a.state]?.tone ?? "neutral"}>{actionStateText(vocab, a.state)}</Badge>{" "}
              {t.rich("requestedBy", { name: a.requestedBy, p: person })}
              {a.approvedBy && t.rich(a.state === "rejected" ? "rejectedBy" : "approvedBy", { name: a.approvedBy, p: person })} ·{" "}
              <LocalTime iso={a.createdAt.toISOString()} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
