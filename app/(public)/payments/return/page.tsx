import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { appDeps } from "@/server/services/app-deps";
import { linkReturnView } from "@/server/services/payments/links/return-view";
import { LinkReturn } from "./_components/link-return";
import { NotifyParent } from "./_components/notify-parent";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

// The return address given to the gateway (term_url_3ds, successUrl, failureUrl). It needs no session: it is
// loaded inside the sandboxed 3-D Secure frame, which sends no cookies, or in a payment-link customer's own
// browser. In the frame it only tells the parent page that the customer is back; the parent then asks the server
// for the real outcome and never trusts this message for it.
export default async function PaymentReturnPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { flow, result, payment } = await searchParams;
  const t = await getTranslations("checkout");
  // A customer coming back from a payment link: the ledger's view of that link, or a neutral page for any other id.
  if (flow === "link") {
    const view = await linkReturnView(await appDeps(), payment);
    if (view) {
      const self = `/payments/return?${new URLSearchParams({ flow: "link", payment: payment ?? "", ...(result ? { result } : {}) })}`;
      return <LinkReturn view={view} hintFailed={result === "failure"} selfHref={self} />;
    }
    return (
      <main className="flex min-h-[200px] items-center justify-center p-6 text-center">
        <div>
          <h1 className="text-lg font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("nothing")}</p>
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-[200px] items-center justify-center p-6 text-center">
      <div>
        <p className="text-base font-medium" role="status">
          {t("returning")}
        </p>
        <p className="mt-1 text-sm text-slate-600">{t("checking")}</p>
        <NotifyParent />
      </div>
    </main>
  );
}
