"use client";
// The reader's display choices that Intl's locale does not carry (the Hijri second line under dates, whose clock
// dates are read in), for client components. The root layout provides them; outside it (a unit test) the defaults
// apply: no Hijri line, the business zone of the default configuration.
import { createContext, useContext, type ReactNode } from "react";
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

/**
 * The zone this reader's dates are shown in, as the server resolved it for the request (the same text on both sides
 * of hydration, and the same zone the page's zone note names). A reader who chose their browser's zone has it in a
 * cookie from the moment they chose; on a browser that has not told the server yet, the business zone shows, named
 * as such, until it does (the lists set the cookie).
 */
export function useDisplayZone(): DisplayZone {
  return useContext(DisplayZoneContext);
}
