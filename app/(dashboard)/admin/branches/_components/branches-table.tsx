// The branches of one search page. Names are user text (often Arabic): dir="auto" so each renders in its own
// direction; ids and codes are ltr. The place reads as names: the country's from its ISO code, the city's where
// the gateway names it (it gives an id only today, shown as "City 3"). "Payments" opens the filtered transactions.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { BranchView } from "@/lib/schemas/admin-branches";

/** On a phone each branch is a card (header hidden, cells in a two-column grid), so nothing scrolls sideways. */
const PHONE = "max-sm:block max-sm:py-1";

function City({ branch: b }: { branch: BranchView }) {
  const t = useTranslations("branches.table");
  if (b.cityName) return <span dir="auto">{b.cityName}</span>;
  if (b.cityId === null) return <>—</>;
  return (
    <span className="whitespace-nowrap" title={t("cityByIdTitle")}>
      {t.rich("cityById", { id: () => <bdi dir="ltr">{b.cityId}</bdi> })}
    </span>
  );
}

export function BranchesTable({ branches }: { branches: BranchView[] }) {
  const t = useTranslations("branches.table");
  return (
    <Table caption={t("caption")} captionHidden className="max-sm:block">
      <THead className="max-sm:sr-only">
        <TR>
          <TH>{t("name")}</TH>
          <TH>{t("nameAR")}</TH>
          <TH>{t("address")}</TH>
          <TH>{t("city")}</TH>
          <TH>{t("country")}</TH>
          <TH>{t("status")}</TH>
          <TH>
            <span className="sr-only">{t("payments")}</span>
          </TH>
        </TR>
      </THead>
      <TBody className="max-sm:block">
        {branches.map((b) => (
          <TR key={b.id} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2">
            <TD className={`font-medium text-slate-900 ${PHONE}`}>
              <span dir="auto">{b.name}</span>
            </TD>
            <TD className={PHONE}>
              {b.nameAR ? (
                <span lang="ar" dir="auto">
                  {b.nameAR}
                </span>
              ) : (
                "—"
              )}
            </TD>
            <TD className={`${PHONE} max-sm:col-span-2`}>{b.address ? <span dir="auto">{b.address}</span> : "—"}</TD>
            <TD className={PHONE}>
              <City branch={b} />
            </TD>
            <TD className={PHONE}>
              {b.countryName ? (
                <span title={t("isoCode", { code: b.countryCode ?? "" })}>{b.countryName}</span>
              ) : b.countryCode ? (
                <bdi dir="ltr">{b.countryCode}</bdi>
              ) : (
                "—"
              )}
            </TD>
            <TD className={PHONE}>
              {b.active ? (
                <Badge tone="success" dot>
                  {t("active")}
                </Badge>
              ) : (
                <Badge tone="neutral" dot>
                  {t("inactive")}
                </Badge>
              )}
            </TD>
            <TD className={PHONE}>
              <Link
                href={`/transactions?branch=${encodeURIComponent(b.id)}`}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                <span aria-hidden="true">{t("payments")}</span>
                <span className="sr-only">{t.rich("paymentsAt", { name: () => <bdi>{b.name}</bdi> })}</span>
              </Link>
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
