// The Overview's system status in one line (database, gateway) and the "Needs attention" list: what is waiting
// for this person, each count linking to where it is dealt with. Server components.
import Link from "next/link";
import type { ReactNode } from "react";

function Dot({ ok }: { ok: boolean }) {
  return <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${ok ? "bg-emerald-500" : "bg-red-500"}`} />;
}

export interface StatusItem {
  label: string;
  ok: boolean;
  detail: ReactNode;
}

export function StatusStrip({ items }: { items: StatusItem[] }) {
  return (
    <section aria-labelledby="status-heading" className="rounded-md border border-slate-200 bg-white px-4 py-3 shadow-xs print:shadow-none">
      <h2 id="status-heading" className="text-sm font-semibold text-slate-900">
        System status
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

export function AttentionList({ items }: { items: Array<{ id: string; count: number; label: string; href: string }> }) {
  const open = items.filter((a) => a.count > 0);
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-md border border-slate-200 bg-white px-4 py-3 shadow-xs print:shadow-none"
    >
      <h2 id="attention-heading" className="text-sm font-semibold text-slate-900">
        Needs attention
      </h2>
      {open.length === 0 ? (
        <p className="mt-1.5 text-sm text-slate-600">Nothing is waiting for you.</p>
      ) : (
        <ul className="mt-1.5 space-y-1 text-sm">
          {open.map((a) => (
            <li key={a.id}>
              <Link href={a.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                <bdi dir="ltr">{a.count.toLocaleString("en")}</bdi> {a.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
