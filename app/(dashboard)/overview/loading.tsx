// While the overview checks the database and the gateway: the header, the status and attention cards, the areas.
import { Skeleton, SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function OverviewLoading() {
  return (
    <div role="status" className="space-y-8">
      <span className="sr-only">Loading the overview…</span>
      <SkeletonHeader />
      <SkeletonPanel lines={2} className="rounded-lg shadow-sm" />
      <SkeletonPanel lines={2} className="rounded-lg shadow-sm" />
      <div aria-hidden="true">
        <Skeleton className="h-5 w-28" />
        <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-[74px] rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
