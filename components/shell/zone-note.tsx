// Whose clock the page's times are in, named on every signed-in screen (the header from 640 px, the foot of the page
// below it), linked to the Account page where a person may switch between the business zone and their browser's.
// A server component: the server resolves the display zone (server/i18n/display-zone.ts; a person who chose their
// browser's zone has it in a cookie from the moment they chose), so no script is sent for it.
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { DisplayZone } from "@/lib/i18n/display-zone";
import { zoneOffsetName } from "@/lib/i18n/zone-offset";

export function ZoneNote({ zone: { zone, business }, className = "" }: { zone: DisplayZone; className?: string }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const values = {
    zone,
    offset: zoneOffsetName(zone, locale),
    z: (c: ReactNode) => <bdi dir="ltr">{c}</bdi>,
    o: (c: ReactNode) => <bdi>{c}</bdi>,
  };
  return (
    <Link
      href="/account#display"
      data-testid="zone-note"
      data-zone={zone}
      className={`rounded-md text-xs text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline ${className}`}
    >
      {zone === business ? t.rich("zoneNote", values) : t.rich("zoneNoteBrowser", values)}
    </Link>
  );
}
