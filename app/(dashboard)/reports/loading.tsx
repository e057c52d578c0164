// While a report runs: the header, the report form and the table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function ReportsLoading() {
  return <ListSkeleton actions={1} filters={4} rows={8} columns={6} label="Loading the report…" />;
}
