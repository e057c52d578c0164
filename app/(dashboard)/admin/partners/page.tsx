// /admin/partners: delete a partner at the gateway (contract 4.16). The gateway offers no partner list, so the page
// offers the partners the dashboard has seen in transaction details (the business-unit hierarchy) and keeps
// delete-by-id for any other; every delete is confirmed with its consequence stated.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { listKnownPartners } from "@/server/services/admin/partners/known-partners";
import { appContext } from "@/server/services/app-deps";
import { PartnerDeleter } from "./_components/partner-deleter";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("partners");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function PartnersPage() {
  const t = await getTranslations("partners");
  const { principal, allowed } = await pageAccess("PARTNERS_DELETE");
  if (!allowed) return <Forbidden area={t("title")} permission="PARTNERS_DELETE" />;
  const known = await listKnownPartners(await appContext({ principal }));
  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title={t("title")} description={t("description")} />
      <Alert tone="warning" title={t("warningTitle")}>
        {t("warningBody")}
      </Alert>
      <ClientMessages namespaces={["partners"]}>
        <PartnerDeleter known={known} />
      </ClientMessages>
    </div>
  );
}
