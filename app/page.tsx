import { checkHealth } from "@/server/health";

export const dynamic = "force-dynamic";

function StatusRow({ label, ok, detail }: { label: string; ok: boolean; detail: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="font-medium">{label}</dt>
      <dd className="flex items-center gap-2 text-sm">
        <span
          aria-hidden="true"
          className={`inline-block size-2.5 rounded-full ${ok ? "bg-emerald-500" : "bg-red-500"}`}
        />
        <span>{ok ? "Available" : "Unavailable"}</span>
        <span className="text-slate-500">
          · <bdi dir="ltr">{detail}</bdi>
        </span>
      </dd>
    </div>
  );
}

export default async function HomePage() {
  const health = await checkHealth();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-12">
      {health.testMode && (
        <p
          role="status"
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <strong>Test mode.</strong> The dashboard is connected to the sandbox gateway; no real card is charged.
        </p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight">Merchant dashboard</h1>
      <p className="mt-2 text-slate-600">
        Card payments, captures, refunds, payment links and administration for your back office.
      </p>
      <section aria-labelledby="status-heading" className="mt-8 rounded-lg border border-slate-200 bg-white px-5 py-2 shadow-sm">
        <h2 id="status-heading" className="sr-only">
          System status
        </h2>
        <dl className="divide-y divide-slate-100">
          <StatusRow
            label="Database"
            ok={health.database.ok}
            detail={health.database.kind === "postgres" ? "PostgreSQL server" : health.database.kind ? "Embedded (PGlite)" : health.database.message ?? ""}
          />
          <StatusRow
            label={health.testMode ? "Sandbox gateway" : "Payment gateway"}
            ok={health.gateway.ok}
            detail={health.gateway.host}
          />
        </dl>
      </section>
    </main>
  );
}
