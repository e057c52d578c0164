"use client";
// Marks the document once React has hydrated it (`<html data-hydrated>`): an effect of the root layout runs after
// every effect below it. Until then the server's HTML is on screen with no handler behind its buttons, so a click on
// the account menu or on "Use a recovery code instead" does nothing; the browser tests wait for this mark before the
// first click on a freshly loaded page (e2e/support/hydration.ts). It carries nothing else.
import { useEffect } from "react";

export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
