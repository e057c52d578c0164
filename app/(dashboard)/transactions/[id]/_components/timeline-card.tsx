// The payment's timeline (server/services/payments/timeline.ts words it): each moment with its time in the one
// format, a tone dot that is never the only signal (the title says what happened).
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { LocalTime } from "@/components/ui/local-time";
import type { TimelineEvent } from "@/server/services/payments/payment-page";

const DOT: Record<TimelineEvent["tone"], string> = {
  neutral: "bg-slate-400",
  info: "bg-brand-600",
  success: "bg-emerald-600",
  warning: "bg-amber-500",
  danger: "bg-red-600",
};

export function TimelineCard({ timeline }: { timeline: TimelineEvent[] }) {
  const t = useTranslations("payment.timeline");
  return (
    <Card title={t("title")} description={t("description")}>
      {timeline.length === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ol className="space-y-3" data-testid="timeline">
          {timeline.map((e, i) => (
            <li key={i} className="grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[13.5rem_1fr]">
              <span className="whitespace-nowrap text-slate-600 tabular-nums">
                <LocalTime iso={e.at.toISOString()} withSeconds />
              </span>
              <span className="flex gap-2">
                <span aria-hidden="true" className={cx("mt-1.5 size-2 shrink-0 rounded-full", DOT[e.tone])} />
                <span>
                  <span className="font-medium" dir="auto">
                    {e.title}
                  </span>
                  {e.detail && (
                    <span className="block text-slate-600" dir="auto">
                      {e.detail}
                    </span>
                  )}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
