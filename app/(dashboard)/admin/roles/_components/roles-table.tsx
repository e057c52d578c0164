// The roles of one page: name (to the role), description, how many permissions, when last mirrored.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { RoleView } from "@/lib/schemas/admin-roles";

export function RolesTable({ items, caption }: { items: RoleView[]; caption: string }) {
  const t = useTranslations("roles.table");
  return (
    <Table caption={caption} captionHidden>
      <THead>
        <TR>
          <TH>{t("name")}</TH>
          <TH>{t("description")}</TH>
          <TH numeric>{t("permissions")}</TH>
          <TH>{t("mirroredAt")}</TH>
        </TR>
      </THead>
      <TBody>
        {items.map((r) => (
          <TR key={r.id}>
            <TD>
              {/* No prefetch: each row would fetch the role editor's form code (react-hook-form) with the list. */}
              <Link href={`/admin/roles/${r.id}`} prefetch={false} className="font-medium text-brand-700 hover:underline">
                <bdi>{r.name}</bdi>
              </Link>
            </TD>
            <TD className="max-w-md">
              <span dir="auto" className="line-clamp-2 text-slate-700">
                {r.description}
              </span>
            </TD>
            <TD numeric>{r.permissions.length}</TD>
            <TD>{r.mirroredAt ? <LocalTime iso={r.mirroredAt} /> : <span className="text-slate-500">{t("neverLocal")}</span>}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
