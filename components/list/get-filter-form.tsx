// The shell of a list's filter (audit log, refunds): a plain GET form (works without JavaScript), so the URL always
// holds the filter and can be shared, with the reader's zone carried for its date fields, a grid for the fields and
// the Apply and Clear actions.
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { cx } from "@/components/ui/cx";

export interface GetFilterFormProps {
  action: string;
  label: string;
  zone: string;
  applyLabel: string;
  clearLabel: string;
  clearHref: string;
  /** The grid's columns (Tailwind classes); the fields are its children. */
  gridClassName: string;
  children: ReactNode;
}

export function GetFilterForm({ action, label, zone, applyLabel, clearLabel, clearHref, gridClassName, children }: GetFilterFormProps) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
    >
      <input type="hidden" name="tz" value={zone} />
      <div className={cx("grid gap-3", gridClassName)}>{children}</div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">{applyLabel}</Button>
        <Link href={clearHref} className={buttonClasses({ variant: "ghost" })}>
          {clearLabel}
        </Link>
      </div>
    </form>
  );
}
