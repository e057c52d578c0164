"use client";
// The lists (transactions, audit) filter by calendar days in the reader's display zone: the business zone, or their
// browser's when they chose it (lib/i18n/display-zone.ts). The browser knows its own zone (Intl); the server learns it
// from a cookie this component sets. For a reader who follows their browser and whose bare link the server read in
// another zone (no cookie yet), the URL is replaced once with the browser's zone. A shared link keeps the zone it
// was made in (the same rows for everyone).
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useDisplayZone } from "@/components/i18n/ui-prefs";
import { BROWSER_ZONE_COOKIE } from "@/lib/i18n/display-zone";

export function rememberBrowserZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  return zone || null;
}

export function TimeZoneSync({ serverZone }: { serverZone: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { choice } = useDisplayZone();
  useEffect(() => {
    const zone = rememberBrowserZone();
    if (!zone || choice !== "browser") return;
    if (!params.has("tz") && zone !== serverZone) {
      const next = new URLSearchParams(params);
      next.set("tz", zone);
      next.delete("cursor");
      router.replace(`${pathname}?${next.toString()}`, { scroll: false });
    }
  }, [choice, params, pathname, router, serverZone]);
  return null;
}
