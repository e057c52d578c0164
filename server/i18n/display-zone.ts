// The display zone of this request (lib/i18n/display-zone.ts): the signed-in person's choice, their browser's zone
// from its cookie, and REPORT_TIME_ZONE. Computed once per request.
import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { BROWSER_ZONE_COOKIE, resolveDisplayZone, type DisplayZone } from "@/lib/i18n/display-zone";
import type { Principal } from "../auth/principal";
import { currentPrincipal, readCookie } from "../auth/session";
import { env } from "../env";

export const currentDisplayZone = cache(async (): Promise<DisplayZone> => {
  const [jar, session] = await Promise.all([cookies(), currentPrincipal()]);
  const principal = session.ok ? session.principal : "pending" in session ? session.pending : null;
  return resolveDisplayZone({
    choice: principal?.uiPrefs?.timeZone ?? "business",
    browserZone: jar.get(BROWSER_ZONE_COOKIE)?.value,
    businessZone: env().reportTimeZone,
  });
});

/** The same for a route handler's request. */
export function displayZoneOfRequest(req: Request, principal: Principal | null, businessZone: string): DisplayZone {
  return resolveDisplayZone({
    choice: principal?.uiPrefs?.timeZone ?? "business",
    browserZone: readCookie(req.headers.get("cookie"), BROWSER_ZONE_COOKIE),
    businessZone,
  });
}

/**
 * A list query whose URL named no zone reads its dates in the person's display zone (a shared link keeps the zone
 * it was made in). The schemas default to UTC; this is where the dashboard's default takes over.
 */
export function withDisplayZone<Q extends { tz: string }>(req: Request, query: Q, zone: DisplayZone): Q {
  return new URL(req.url).searchParams.get("tz") ? query : { ...query, tz: zone.zone };
}
