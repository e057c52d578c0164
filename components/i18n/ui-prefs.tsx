"use client";
// The reader's display choices that Intl's locale does not carry (the Hijri second line under dates, whose clock
// dates are read in), for client components. The root layout provides them; outside it (a unit test) the defaults
// apply: no Hijri line, the business zone of the default configuration.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { DisplayZone } from "@/lib/i18n/display-zone";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";

const UiPrefsContext = createContext<UiPrefs>(DEFAULT_UI_PREFS);
const DEFAULT_ZONE: DisplayZone = { zone: "Asia/Riyadh", business: "Asia/Riyadh", choice: "business" };
const DisplayZoneContext = createContext<DisplayZone>(DEFAULT_ZONE);

export function UiPrefsProvider({ prefs, zone, children }: { prefs: UiPrefs; zone?: DisplayZone; children: ReactNode }) {
  return (
    <UiPrefsContext.Provider value={prefs}>
      <DisplayZoneContext.Provider value={zone ?? DEFAULT_ZONE}>{children}</DisplayZoneContext.Provider>
    </UiPrefsContext.Provider>
  );
}

export function useUiPrefs(): UiPrefs {
  return useContext(UiPrefsContext);
}

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;

/**
 * The zone this reader's dates are shown in. The server's answer during hydration (the same text on both sides);
 * afterwards, for a reader who chose their browser's zone, the browser's own (the server may not have known it yet).
 */
export function useDisplayZone(): DisplayZone {
  const zone = useContext(DisplayZoneContext);
  const own = useSyncExternalStore(
    subscribe,
    () => (zone.choice === "browser" ? browserZone() : null),
    () => null,
  );
  return own && own !== zone.zone ? { ...zone, zone: own } : zone;
}
