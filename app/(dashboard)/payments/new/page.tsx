import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { buttonClasses } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { newOrderId } from "@/lib/schemas/new-payment";
import { pageAccess } from "@/server/auth/session";
import { env } from "@/server/env";
import { NewPayment } from "./_components/new-payment";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("newPayment");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

// Staff take a card payment (phone and mail orders). The card number and CVV go from this form to the gateway
// and nowhere else; a 3-D Secure page runs in a sandboxed frame served by our own route.
export default async function NewPaymentPage() {
  const { allowed } = await pageAccess("PAYMENTS_CREATE");
  const t = await getTranslations("newPayment");
  if (!allowed) return <Forbidden area={t("title")} permission="PAYMENTS_CREATE" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          // No prefetch: the links page's code is not this page's business until asked for (JS budget).
          <Link href="/payments/links" prefetch={false} className={buttonClasses({ variant: "secondary" })}>
            {t("linksButton")}
          </Link>
        }
      />
      <ClientMessages namespaces={["newPayment"]}>
        <NewPayment defaultOrderId={newOrderId()} country={env().merchantCountry} />
      </ClientMessages>
    </div>
  );
}
