// While the gateway searches the branches: the header, the search bar and a page of ten rows.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function BranchesLoading() {
  return <ListSkeleton filters={3} rows={10} columns={6} label="Loading branches…" />;
}
