// While a role is read from the gateway: the header and the edit form's card.
import { SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function RoleLoading() {
  return (
    <div role="status" className="max-w-5xl space-y-6">
      <span className="sr-only">Loading the role…</span>
      <SkeletonHeader back />
      <SkeletonPanel lines={10} />
      <SkeletonPanel lines={3} />
    </div>
  );
}
