// While the new-role form is prepared: the header and the form's card (not the roles list's skeleton around it).
import { SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function NewRoleLoading() {
  return (
    <div role="status" className="max-w-5xl space-y-6">
      <span className="sr-only">Loading…</span>
      <SkeletonHeader back />
      <SkeletonPanel lines={10} />
    </div>
  );
}
