// While the recurring tokens are read: the header and the table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function RecurringLoading() {
  return <ListSkeleton actions={1} rows={8} columns={6} label="Loading recurring payments…" />;
}
