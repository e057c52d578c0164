// While a payment is read from the ledger: its header, the amounts band, the two detail cards and the timeline.
import { Skeleton, SkeletonFields, SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function PaymentLoading() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading the payment…</span>
      <SkeletonHeader back actions={1} />
      <div aria-hidden="true" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <SkeletonFields count={4} className="grid-cols-2 gap-4 sm:grid-cols-4" valueClassName="h-6 w-28" />
        <Skeleton className="mt-5 h-9 w-64" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SkeletonPanel lines={7} />
        <SkeletonPanel lines={7} />
      </div>
      <SkeletonPanel lines={5} />
    </div>
  );
}
