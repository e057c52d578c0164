import type { Metadata } from "next";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { buttonClasses } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { newOrderId } from "@/lib/schemas/new-payment";
import { pageAccess } from "@/server/auth/session";
import { NewPayment } from "./_components/new-payment";

export const metadata: Metadata = { title: "New payment" };
export const dynamic = "force-dynamic";

// Staff take a card payment (phone and mail orders). The card number and CVV go from this form to the gateway
// and nowhere else; a 3-D Secure page runs in a sandboxed frame served by our own route.
export default async function NewPaymentPage() {
  const { allowed } = await pageAccess("PAYMENTS_CREATE");
  if (!allowed) return <Forbidden area="New payment" permission="PAYMENTS_CREATE" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="New payment"
        description="Take a card payment for a phone or mail order. The card number and security code are never stored."
        actions={
          <Link href="/payments/links" className={buttonClasses({ variant: "secondary" })}>
            Payment links
          </Link>
        }
      />
      <NewPayment defaultOrderId={newOrderId()} />
    </div>
  );
}
