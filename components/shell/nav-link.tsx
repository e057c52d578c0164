"use client";
// A sidebar link that marks itself aria-current="page" when it is the most specific match for the current path.
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { activeHref } from "./nav-active";
import { useCloseNav } from "./nav-disclosure";

export interface NavLinkProps {
  href: string;
  /** Every href in the sidebar, so only the most specific match is marked. */
  hrefs: readonly string[];
  /** Overrides the detected path (e.g. to highlight a parent area). */
  currentPath?: string;
  children: ReactNode;
}

export function NavLink({ href, hrefs, currentPath, children }: NavLinkProps) {
  const pathname = usePathname();
  const closeNav = useCloseNav();
  const active = activeHref(currentPath ?? pathname ?? "", hrefs) === href;
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      onClick={closeNav}
      className="flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
    >
      {children}
    </Link>
  );
}
