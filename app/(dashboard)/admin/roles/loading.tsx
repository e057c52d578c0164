// While the gateway searches the roles: the header, the search bar and the table.
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function RolesLoading() {
  return <ListSkeleton actions={2} filters={2} rows={10} columns={5} label="Loading roles…" />;
}
