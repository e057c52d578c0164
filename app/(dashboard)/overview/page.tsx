import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { visibleNav } from "@/lib/navigation";
import { requireSignedIn } from "@/server/auth/session";
import { checkHealth } from "@/server/health";
import { appContext } from "@/server/services/app-deps";
import { attentionItems } from "@/server/services/overview/attention";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

const DESCRIPTIONS: Record<string, string> = {
  "/transactions": "Every payment in the ledger, with filters, saved views and CSV export.",
  "/payments/new": "Take a card payment, send a payment link, or charge a saved card.",
  "/captures": "Authorized payments waiting to be captured, oldest first.",
  "/refunds": "Refunds with their state; approvals waiting for a second person.",
  "/recurring": "Customers' recurring tokens: charge one now, or put it on a billing plan.",
  "/recurring/plans": "Billing plans on recurring tokens: upcoming and failed charges; pause, resume or cancel.",
  "/saved-cards": "A customer's saved cards, by the e-mail used at payment.",
  "/admin/roles": "Roles and the permissions they grant.",
  "/admin/users": "Dashboard users, their roles and state.",
  "/admin/branches": "The merchant's branches, active and inactive.",
  "/admin/partners": "Remove a partner by its id.",
  "/admin/audit": "Who did what and when, in a verifiable chain.",
};

function Dot({ ok }: { ok: boolean }) {
  return <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${ok ? "bg-emerald-500" : "bg-red-500"}`} />;
}

export default async function OverviewPage() {
  const principal = await requireSignedIn();
  const [health, attention] = await Promise.all([
    checkHealth(),
    appContext({ principal })
      .then(attentionItems)
      .catch(() => null),
  ]);
  const open = attention?.filter((a) => a.count > 0) ?? [];
  const areas = visibleNav(principal.permissions).filter((i) => i.href !== "/overview");
  return (
    <div className="space-y-8">
      <PageHeader
        title="Overview"
        description={
          <>
            Signed in as <bdi dir="auto">{principal.name}</bdi>.
          </>
        }
      />
      <section aria-labelledby="status-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="status-heading" className="text-base font-semibold">
          System status
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex items-center gap-2">
            <Dot ok={health.database.ok} />
            <dt className="font-medium">Database</dt>
            <dd className="text-slate-600">
              {health.database.ok ? (health.database.kind === "postgres" ? "PostgreSQL server" : "Embedded (PGlite)") : "Unavailable"}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <Dot ok={health.gateway.ok} />
            <dt className="font-medium">{health.testMode ? "Sandbox gateway" : "Payment gateway"}</dt>
            <dd className="text-slate-600">
              {health.gateway.ok ? "Reachable" : "Unreachable"} · <bdi dir="ltr">{health.gateway.host}</bdi>
            </dd>
          </div>
        </dl>
      </section>
      {attention && attention.length > 0 && (
        <section aria-labelledby="attention-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="attention-heading" className="text-base font-semibold">
            Needs attention
          </h2>
          {open.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing is waiting for you.</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
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
      )}
      <section aria-labelledby="areas-heading">
        <h2 id="areas-heading" className="text-base font-semibold">
          Your areas
        </h2>
        {principal.permissions.size === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No area is open to you yet. Ask a super-admin for a role.</p>
        ) : areas.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">The areas your roles open appear here and in the menu as they become available.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {areas.map((a) => (
              <li key={a.href}>
                <Link
                  href={a.href}
                  className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 focus-visible:border-brand-500"
                >
                  <span className="font-medium">{a.label}</span>
                  <span className="mt-1 block text-sm text-slate-600">{DESCRIPTIONS[a.href]}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
