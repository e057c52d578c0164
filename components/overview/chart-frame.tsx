// One chart's frame: a <figure> named by its caption, the drawing (decorative to screen readers: the table says
// the same), and its numbers as a table under "Show as table". Server component; print keeps black text and
// never splits a chart across pages.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

export interface ChartTable {
  columns: Array<{ label: string; numeric?: boolean }>;
  /** The first cell of each row is its row header. */
  rows: Array<{ key: string; cells: ReactNode[] }>;
}

export function ChartFrame({
  title,
  description,
  table,
  children,
}: {
  title: string;
  description?: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const t = useTranslations("overview");
  return (
    <figure className="min-w-0 rounded-md border border-slate-200 bg-white p-4 shadow-xs print:break-inside-avoid print:shadow-none">
      <figcaption className="text-sm font-semibold text-slate-900 print:text-black">
        {title}
        {description && <span className="mt-0.5 block text-xs font-normal text-slate-600 print:text-black">{description}</span>}
      </figcaption>
      <div aria-hidden="true" className="mt-3">
        {children}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline print:hidden">
          {t("charts.showAsTable")}
        </summary>
        <div className="mt-2">
          <Table caption={title} captionHidden>
            <THead>
              <TR>
                {table.columns.map((c) => (
                  <TH key={c.label} numeric={c.numeric}>
                    {c.label}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {table.rows.map((r) => (
                <TR key={r.key}>
                  {r.cells.map((cell, i) =>
                    i === 0 ? (
                      <TH key={i} scope="row">
                        {cell}
                      </TH>
                    ) : (
                      <TD key={i} numeric={table.columns[i]?.numeric}>
                        {cell}
                      </TD>
                    ),
                  )}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
