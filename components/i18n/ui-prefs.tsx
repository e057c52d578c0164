"use client";
// The reader's display choices that Intl's locale does not carry (today: the Hijri second line under dates), for
// client components. The root layout provides them; outside it (a unit test) the defaults apply.
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";

const UiPrefsContext = createContext<UiPrefs>(DEFAULT_UI_PREFS);

export function UiPrefsProvider({ prefs, children }: { prefs: UiPrefs; children: ReactNode }) {
  return <UiPrefsContext.Provider value={prefs}>{children}</UiPrefsContext.Provider>;
}

export function useUiPrefs(): UiPrefs {
  return useContext(UiPrefsContext);
}
