import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Forbidden } from "@/components/auth/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { CURRENCY_CODES } from "@/lib/money";
import { pageAccess } from "@/server/auth/session";
import { SavedCards } from "./_components/saved-cards";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("savedCards");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function SavedCardsPage() {
  const { principal, allowed } = await pageAccess("SAVED_CARDS_VIEW");
  const t = await getTranslations("savedCards");
  if (!allowed) return <Forbidden area={t("title")} permission="SAVED_CARDS_VIEW" />;
  const canCharge = principal.permissions.has("PAYMENTS_CREATE");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      {/* The 3-D Secure frame of a charge speaks newPayment's words. */}
      <ClientMessages namespaces={["savedCards", "newPayment"]}>
        <SavedCards chargeDisabledReason={canCharge ? null : t("noPermission")} currencies={CURRENCY_CODES} />
      </ClientMessages>
    </div>
  );
}
