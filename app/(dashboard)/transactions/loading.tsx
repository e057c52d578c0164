// While the transactions list reads the ledger: header, filters and a page of rows, sized like the real ones.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function TransactionsLoading() {
  return <ListSkeleton actions={1} filters={4} rows={10} columns={7} label="Loading transactions…" />;
}
