import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Forbidden } from "@/components/auth/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { customerPage } from "@/server/services/customers/customer-page";
import { PaymentsSection, PlansSection, RecurringSection, SavedCardsSection } from "./_components/customer-sections";

export const metadata: Metadata = { title: "Customer" };
export const dynamic = "force-dynamic";

// One customer (a payer e-mail, any case), by its opaque key: payments, saved cards, recurring tokens and plans.
// Sections the reader may not see elsewhere (saved cards, recurring) are left out rather than shown empty.
export default async function CustomerPage({ params }: { params: Promise<{ key: string }> }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  if (!allowed) return <Forbidden area="Customers" permission="TRANSACTIONS_VIEW" />;
  const { key } = await params;
  const view = await customerPage(await appContext({ principal }), { key });
  if (!view) notFound();
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/customers" className="text-brand-700 hover:underline">
          Customers
        </Link>
      </nav>
      <PageHeader
        title={<span dir="auto">{view.name ?? view.email}</span>}
        description={
          <>
            <bdi dir="ltr" data-testid="customer-email">
              {view.email}
            </bdi>
            {view.otherSpellings.length > 0 && (
              <>
                {" "}
                · also paid as{" "}
                {view.otherSpellings.map((s, i) => (
                  <span key={s}>
                    {i > 0 && ", "}
                    <bdi dir="ltr">{s}</bdi>
                  </span>
                ))}
              </>
            )}
          </>
        }
      />
      <PaymentsSection view={view} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {view.savedCards && <SavedCardsSection cards={view.savedCards} />}
        {view.recurringTokens && <RecurringSection tokens={view.recurringTokens} linked />}
      </div>
      {view.plans && <PlansSection plans={view.plans} />}
    </div>
  );
}
