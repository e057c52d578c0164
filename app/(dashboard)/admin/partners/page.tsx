// /admin/partners: delete a partner at the gateway (contract 4.16). The gateway offers no partner list, so the page
// offers the partners the dashboard has seen in transaction details (the business-unit hierarchy) and keeps
// delete-by-id for any other; every delete is confirmed with its consequence stated.
import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { listKnownPartners } from "@/server/services/admin/partners/known-partners";
import { appContext } from "@/server/services/app-deps";
import { PartnerDeleter } from "./_components/partner-deleter";

export const metadata: Metadata = { title: "Partners" };
export const dynamic = "force-dynamic";

export default async function PartnersPage() {
  const { principal, allowed } = await pageAccess("PARTNERS_DELETE");
  if (!allowed) return <Forbidden area="Partners" permission="PARTNERS_DELETE" />;
  const known = await listKnownPartners(await appContext({ principal }));
  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title="Partners" description="Delete a partner at the gateway: one the dashboard knows, or any other by its id." />
      <Alert tone="warning" title="Deleting a partner cannot be undone">
        The gateway removes the partner for good. Only API keys with the SUPER_ADMIN or PARTNER access level may delete partners; the
        gateway refuses others.
      </Alert>
      <PartnerDeleter known={known} />
    </div>
  );
}
