// While the billing plans are read: the header and the plans table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function PlansLoading() {
  return <ListSkeleton actions={1} rows={8} columns={7} label="Loading billing plans…" />;
}
