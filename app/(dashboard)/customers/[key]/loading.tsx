// While a customer's page is read (its saved cards come from the gateway): the header and the sections.
import { Skeleton, SkeletonHeader } from "@/components/ui/skeleton";

export default function CustomerLoading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading the customer…">
      <SkeletonHeader />
      <Skeleton className="h-64 w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}
