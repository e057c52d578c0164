// While the payment links are read: the header with its "New link" button and the table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function PaymentLinksLoading() {
  return <ListSkeleton actions={1} rows={8} columns={8} label="Loading payment links…" />;
}
