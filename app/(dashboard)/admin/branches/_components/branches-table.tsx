// The branches of one search page. Names are user text (often Arabic): dir="auto" so each renders in its own
// direction; ids and codes are ltr. The place reads as names: the country's from its ISO code, the city's where
// the gateway names it (it gives an id only today, shown as "City 3"). "Payments" opens the filtered transactions.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { BranchView } from "@/lib/schemas/admin-branches";

/** On a phone each branch is a card (header hidden, cells in a two-column grid), so nothing scrolls sideways. */
const PHONE = "max-sm:block max-sm:py-1";

function City({ branch: b }: { branch: BranchView }) {
  if (b.cityName) return <span dir="auto">{b.cityName}</span>;
  if (b.cityId === null) return <>—</>;
  return (
    <span className="whitespace-nowrap" title="The gateway gives this city by its id only">
      City <bdi dir="ltr">{b.cityId}</bdi>
    </span>
  );
}

export function BranchesTable({ branches }: { branches: BranchView[] }) {
  return (
    <Table caption="Branches" captionHidden className="max-sm:block">
      <THead className="max-sm:sr-only">
        <TR>
          <TH>Name</TH>
          <TH>Arabic name</TH>
          <TH>Address</TH>
          <TH>City</TH>
          <TH>Country</TH>
          <TH>Status</TH>
          <TH>
            <span className="sr-only">Payments</span>
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
                <span title={`ISO code ${b.countryCode}`}>{b.countryName}</span>
              ) : b.countryCode ? (
                <bdi dir="ltr">{b.countryCode}</bdi>
              ) : (
                "—"
              )}
            </TD>
            <TD className={PHONE}>
              {b.active ? (
                <Badge tone="success" dot>
                  Active
                </Badge>
              ) : (
                <Badge tone="neutral" dot>
                  Inactive
                </Badge>
              )}
            </TD>
            <TD className={PHONE}>
              <Link
                href={`/transactions?branch=${encodeURIComponent(b.id)}`}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                Payments
                <span className="sr-only">
                  {" "}
                  at <bdi>{b.name}</bdi>
                </span>
              </Link>
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
