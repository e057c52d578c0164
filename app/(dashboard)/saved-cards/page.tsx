import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { CURRENCY_CODES } from "@/lib/money";
import { pageAccess } from "@/server/auth/session";
import { SavedCards } from "./_components/saved-cards";

export const metadata: Metadata = { title: "Saved cards" };
export const dynamic = "force-dynamic";

export default async function SavedCardsPage() {
  const { principal, allowed } = await pageAccess("SAVED_CARDS_VIEW");
  if (!allowed) return <Forbidden area="Saved cards" permission="SAVED_CARDS_VIEW" />;
  const canCharge = principal.permissions.has("PAYMENTS_CREATE");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Saved cards"
        description="Cards the gateway keeps for a customer who asked to save them, and a new charge on one of them."
      />
      <SavedCards
        chargeDisabledReason={canCharge ? null : "You need the PAYMENTS_CREATE permission to charge a card."}
        currencies={CURRENCY_CODES}
      />
    </div>
  );
}
