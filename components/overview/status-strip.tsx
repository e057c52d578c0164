// The Overview's system status in one line (database, gateway) and the "Needs attention" list: what is waiting
// for this person, each count linking to where it is dealt with. Server components.
import Link from "next/link";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";

function Dot({ ok }: { ok: boolean }) {
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${ok ? "bg-emerald-500" : "bg-red-500"}`} />;
}

export interface StatusItem {
  label: string;
  ok: boolean;
  detail: ReactNode;
}

export function StatusStrip({ items }: { items: StatusItem[] }) {
  const t = useTranslations("overview");
  return (
    <section aria-labelledby="status-heading" className="rounded-md border border-slate-200 bg-white px-4 py-3 shadow-xs print:shadow-none">
      <h2 id="status-heading" className="text-sm font-semibold text-slate-900">
        {t("status.heading")}
      </h2>
      <dl className="mt-2 flex flex-col gap-x-6 gap-y-1.5 text-sm sm:flex-row sm:flex-wrap">
        {items.map((i) => (
          <div key={i.label} className="flex min-w-0 flex-wrap items-center gap-x-2">
            <Dot ok={i.ok} />
            <dt className="font-medium">{i.label}</dt>
            <dd className="min-w-0 break-words text-slate-600">{i.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The catalog key of each kind of waiting work. */
const ATTENTION_KEY = {
  unknown_outcomes: "attention.unknownOutcomes",
  to_capture: "attention.toCapture",
  refund_approvals: "attention.refundApprovals",
  paused_plans: "attention.pausedPlans",
  failed_notifications: "attention.failedNotifications",
} as const;

export type AttentionId = keyof typeof ATTENTION_KEY;

export function AttentionList({ items }: { items: Array<{ id: AttentionId; count: number; href: string }> }) {
  const t = useTranslations("overview");
  const number = new Intl.NumberFormat(useLocale());
  const open = items.filter((a) => a.count > 0);
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-md border border-slate-200 bg-white px-4 py-3 shadow-xs print:shadow-none"
    >
      <h2 id="attention-heading" className="text-sm font-semibold text-slate-900">
        {t("attention.heading")}
      </h2>
      {open.length === 0 ? (
        <p className="mt-1.5 text-sm text-slate-600">{t("attention.nothing")}</p>
      ) : (
        <ul className="mt-1.5 space-y-1 text-sm">
          {open.map((a) => (
            <li key={a.id}>
              <Link href={a.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {t.rich(ATTENTION_KEY[a.id], { count: a.count, n: number.format(a.count), num: (chunks) => <bdi dir="ltr">{chunks}</bdi> })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
