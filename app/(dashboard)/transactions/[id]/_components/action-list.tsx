// The payment's captures, voids and refunds, latest first: amount, reason, state in words, who asked and who
// approved, and when.
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { ACTION_STATE, actionStateLabel, actionTypeLabel, reasonLabel } from "@/lib/schemas/payment-actions-values";
import type { ActionRowView } from "@/server/services/payments/payment-page";

export function ActionList({ actions, money }: { actions: ActionRowView[]; money: (minor: number) => React.ReactNode }) {
  return (
    <Card title="Captures, voids and refunds" padded={false}>
      <ul className="divide-y divide-slate-100" data-testid="action-list">
        {actions.map((a) => (
          <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3 text-sm">
            <span>
              <span className="font-medium">{actionTypeLabel(a.type)}</span> {money(a.amountMinor)}
              {a.reasonCode && <span className="text-slate-600"> · {reasonLabel(a.reasonCode)}</span>}
              {a.note && (
                <span className="text-slate-600" dir="auto">
                  {" "}
                  · {a.note}
                </span>
              )}
            </span>
            <span className="text-slate-600">
              <Badge tone={ACTION_STATE[a.state]?.tone ?? "neutral"}>{actionStateLabel(a.state)}</Badge> requested by{" "}
              <bdi>{a.requestedBy}</bdi>
              {a.approvedBy && (
                <>
                  , {a.state === "rejected" ? "rejected" : "approved"} by <bdi>{a.approvedBy}</bdi>
                </>
              )}{" "}
              · <LocalTime iso={a.createdAt.toISOString()} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
