// While a user's sessions are read: the header and the sessions card.
import { SkeletonHeader, SkeletonTable } from "@/components/ui/skeleton";

export default function UserLoading() {
  return (
    <div className="space-y-6">
      <SkeletonHeader actions={1} />
      <SkeletonTable rows={3} columns={5} label="Loading the user…" />
    </div>
  );
}
