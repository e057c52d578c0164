// The lists with a GET filter form (transactions, audit log, refunds): the form leaves empty fields and defaults in
// the URL; the page redirects once to the canonical query string, so that links, saved views and shared URLs stay
// short and equal filters give equal URLs. A URL that named no zone keeps naming none (the reader's display zone
// applies, lib/i18n/display-zone.ts).
import "server-only";
import { redirect } from "next/navigation";

type RawQuery = Record<string, string | string[] | undefined>;

function rawQueryString(raw: RawQuery): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, one);
  return p.toString();
}

/** Redirects to `path?canonical` unless the request already is that URL. */
export function tidyListUrl(path: string, raw: RawQuery, canonical: string): void {
  const urlHasZone = typeof raw.tz === "string" && raw.tz !== "";
  const wanted = urlHasZone ? canonical : new URLSearchParams([...new URLSearchParams(canonical)].filter(([k]) => k !== "tz")).toString();
  if (wanted !== rawQueryString(raw)) redirect(wanted ? `${path}?${wanted}` : path);
}
