// The frame of every signed-in page: skip link, test-mode banner, header (product, menu toggle, account menu),
// sidebar navigation and the main region. A server component; only the small interactive parts are client.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { DisplayZone } from "@/lib/i18n/display-zone";
import type { NavId, NavItem } from "@/lib/navigation";
import { ClientMessages } from "@/components/i18n/client-messages";
import { HeaderSearch } from "@/components/search/header-search";
import { BrandMark } from "./brand-mark";
import { groupNav } from "./nav-active";
import { MenuToggle, NavDisclosure, SidebarPanel } from "./nav-disclosure";
import { NavIcon } from "./nav-icons";
import { NavLink } from "./nav-link";
import { UserMenu, type ShellUser } from "./user-menu";
import { ZoneNote } from "./zone-note";

export type { ShellUser } from "./user-menu";

export interface AppShellProps {
  user: ShellUser;
  /** Already filtered to what the user may open (visibleNav). */
  nav: NavItem[];
  /** A count beside an item (held refunds the person could decide); 0 or absent shows none. */
  badges?: Partial<Record<NavId, number>>;
  testMode: boolean;
  /** The clock this person's times are shown in, named in the header (or at the foot of the page on a phone). */
  zone: DisplayZone;
  /** The header's search box, for a person who may search at least one area; null: no box. */
  search: { canViewPayments: boolean } | null;
  /** Overrides the detected path for the active sidebar entry. */
  currentPath?: string;
  children: ReactNode;
}

const SIDEBAR_ID = "sidebar";

export function AppShell({ user, nav, badges = {}, testMode, zone, search, currentPath, children }: AppShellProps) {
  const t = useTranslations("shell");
  const tc = useTranslations("common");
  const hrefs = nav.map((i) => i.href);
  return (
    <NavDisclosure>
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow-md focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t("skipToContent")}
      </a>

      {testMode && (
        <section
          aria-label={t("testModeLabel")}
          className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950"
        >
          <p>{t.rich("testModeBanner", { strong: (c) => <strong className="font-semibold">{c}</strong> })}</p>
        </section>
      )}

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:px-6">
        <MenuToggle controls={SIDEBAR_ID} />
        <Link href="/overview" className="flex shrink-0 items-center gap-2 rounded-md text-sm font-semibold text-slate-900">
          <BrandMark />
          {/* On a phone the search box needs the width; the mark still leads home and names it for screen readers. */}
          <span className={search ? "sr-only md:not-sr-only" : undefined}>{tc("appName")}</span>
        </Link>
        {search && (
          <ClientMessages namespaces={["links.status"]}>
            <HeaderSearch canViewPayments={search.canViewPayments} />
          </ClientMessages>
        )}
        <div className="ms-auto flex shrink-0 items-center gap-4">
          <ZoneNote zone={zone} className="hidden sm:inline" />
          <UserMenu user={user} />
        </div>
      </header>

      <div className="lg:flex">
        <SidebarPanel
          id={SIDEBAR_ID}
          className="border-b border-slate-200 bg-white lg:sticky lg:top-14 lg:h-[calc(100dvh-3.5rem)] lg:w-60 lg:shrink-0 lg:overflow-y-auto lg:border-e lg:border-b-0"
        >
          <nav aria-label={t("mainNav")} className="space-y-5 px-3 py-4">
            {groupNav(nav).map((group) => {
              const headingId = `nav-group-${group.id}`;
              return (
                <div key={group.id}>
                  {group.titled && group.id === "admin" && (
                    <p id={headingId} className="mb-1 px-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {t(`navGroups.${group.id}`)}
                    </p>
                  )}
                  <ul aria-labelledby={group.titled ? headingId : undefined} className="space-y-0.5">
                    {group.items.map((item) => (
                      <li key={item.href}>
                        <NavLink href={item.href} hrefs={hrefs} currentPath={currentPath}>
                          <NavIcon href={item.href} />
                          {t(`nav.${item.id}`)}
                          {item.id === "refunds" && (badges.refunds ?? 0) > 0 && (
                            <span className="ms-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums">
                              <span aria-hidden="true">{badges.refunds}</span>
                              <span className="sr-only">{t("navBadge.refunds", { count: badges.refunds! })}</span>
                            </span>
                          )}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        </SidebarPanel>

        <main id="content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
          <p className="mt-8 sm:hidden">
            <ZoneNote zone={zone} />
          </p>
        </main>
      </div>
    </NavDisclosure>
  );
}
