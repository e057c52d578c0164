// While the captures queue is read: the header and the table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function CapturesLoading() {
  return <ListSkeleton rows={8} columns={7} label="Loading captures…" />;
}
