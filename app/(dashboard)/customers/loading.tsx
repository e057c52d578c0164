// While the customers are read: the header, the search bar and the list.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function CustomersLoading() {
  return <ListSkeleton filters={1} rows={10} columns={4} label="Loading customers…" />;
}
