import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Forbidden } from "@/components/auth/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { customerPage } from "@/server/services/customers/customer-page";
import { NotesSection, PaymentsSection, PlansSection, RecurringSection, SavedCardsSection } from "./_components/customer-sections";
import { readerErrorText } from "@/server/i18n/error-text";
import { isLivePlan } from "@/lib/schemas/billing-plans-values";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("customers.customer");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

// One customer (a payer e-mail, any case), by its opaque key: payments, saved cards, recurring tokens and plans.
// Sections the reader may not see elsewhere (saved cards, recurring) are left out rather than shown empty.
export default async function CustomerPage({ params }: { params: Promise<{ key: string }> }) {
  const { principal, allowed } = await pageAccess("TRANSACTIONS_VIEW");
  const t = await getTranslations("customers");
  if (!allowed) return <Forbidden area={t("title")} permission="TRANSACTIONS_VIEW" />;
  const { key } = await params;
  const ctx = await appContext({ principal });
  const config = ctx.deps.config;
  const view = await customerPage(ctx, { key });
  if (!view) notFound();
  return (
    <div className="space-y-6">
      <nav aria-label={t("customer.breadcrumb")} className="text-sm">
        <Link href="/customers" className="text-brand-700 hover:underline">
          {t("title")}
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
                · {t("customer.alsoPaidAs")}{" "}
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
        {view.savedCards && (
          <SavedCardsSection
            cards={{
              ...view.savedCards,
              // The gateway's refusal in the reader's language (the service keeps it as a key).
              error: view.savedCards.errorKey ? (await readerErrorText())(view.savedCards.errorKey) : null,
            }}
          />
        )}
        {view.recurringTokens && (
          <RecurringSection
            tokens={view.recurringTokens}
            linked
            // The customer's page offers what can be done for them: charge a token now, or start a plan on it.
            actions={
              principal.permissions.has("RECURRING_CHARGE")
                ? {
                    email: view.email,
                    wholeUnits: { charge: config.recurring.interface === "form", plan: config.plans.defaultInterface === "form" },
                    withPlan: new Set((view.plans ?? []).filter((pl) => isLivePlan(pl.status)).map((pl) => pl.firstPaymentId)),
                  }
                : undefined
            }
          />
        )}
      </div>
      {view.plans && <PlansSection plans={view.plans} />}
      <NotesSection notes={view.notes} />
    </div>
  );
}
