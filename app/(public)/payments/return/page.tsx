import type { Metadata } from "next";
import { NotifyParent } from "./_components/notify-parent";

export const metadata: Metadata = { title: "Returning to the dashboard" };
export const dynamic = "force-dynamic";

// The return address given to the gateway (term_url_3ds, successUrl, failureUrl). It needs no session: it is
// loaded inside the sandboxed 3-D Secure frame, which sends no cookies. It only tells the parent page that the
// customer is back; the parent then asks the server for the real outcome and never trusts this message for it.
export default async function PaymentReturnPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { flow, result } = await searchParams;
  // A customer coming back from a payment link is in their own browser, not in the dashboard's frame.
  if (flow === "link") {
    const failed = result === "failure";
    return (
      <main className="flex min-h-[200px] items-center justify-center p-6 text-center">
        <div>
          <h1 className="text-lg font-semibold">{failed ? "The payment did not go through" : "Thank you"}</h1>
          <p className="mt-1 text-sm text-slate-600" role="status">
            {failed
              ? "You can open the payment link again to try another card."
              : "Your payment is being confirmed with the merchant. You can close this page."}
          </p>
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-[200px] items-center justify-center p-6 text-center">
      <div>
        <p className="text-base font-medium" role="status">
          Returning to the dashboard…
        </p>
        <p className="mt-1 text-sm text-slate-600">The payment&apos;s result is being checked with the gateway.</p>
        <NotifyParent />
      </div>
    </main>
  );
}
