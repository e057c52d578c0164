"use client";
// Whose clock the page's times are in, named on every signed-in screen (the header from 640 px, the foot of the page
// below it), linked to the Account page where a person may switch between the business zone and their browser's.
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useDisplayZone } from "@/components/i18n/ui-prefs";
import { zoneOffsetName } from "@/lib/transactions/zoned-time";

export function ZoneNote({ className = "" }: { className?: string }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const { zone, business } = useDisplayZone();
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
