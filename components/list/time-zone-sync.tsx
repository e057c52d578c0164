"use client";
// The list reads dates in the user's own time zone. The browser knows it (Intl); the server learns it from the
// URL's `tz` (the filter form carries it) or, for a bare /transactions link, from a cookie this component sets.
// When neither told the server the right zone, the URL is replaced once with the browser's zone.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

export function TimeZoneSync({ serverZone }: { serverZone: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    // A shared link keeps the zone it was made in (same rows for everyone); only a link without one is adjusted.
    if (!params.has("tz") && zone !== serverZone) {
      const next = new URLSearchParams(params);
      next.set("tz", zone);
      next.delete("cursor");
      router.replace(`${pathname}?${next.toString()}`, { scroll: false });
    }
  }, [params, pathname, router, serverZone]);
  return null;
}
