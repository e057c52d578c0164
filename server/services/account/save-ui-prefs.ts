// The signed-in user's language, digits, Hijri line and clock (Account page, user menu). Display only: no permission beyond
// being signed in, not audited (it changes what one person sees, nothing anyone can do).
import { eq } from "drizzle-orm";
import type { UiPrefsInput } from "@/lib/schemas/ui-prefs";
import { users } from "../../db/schema";
import type { ServiceContext, ServiceDeps } from "../deps";

export async function saveUiPrefs(ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>, input: UiPrefsInput): Promise<UiPrefsInput> {
  const { deps, principal } = ctx;
  await deps.db
    .update(users)
    .set({ uiLanguage: input.language, uiDigits: input.digits, uiHijri: input.hijri, uiTimeZone: input.timeZone, updatedAt: deps.now() })
    .where(eq(users.id, principal.userId));
  return input;
}

/** The quick switch: the language alone, the digits and Hijri line kept. */
export async function saveUiLanguage(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>,
  language: UiPrefsInput["language"],
): Promise<void> {
  const { deps, principal } = ctx;
  await deps.db.update(users).set({ uiLanguage: language, updatedAt: deps.now() }).where(eq(users.id, principal.userId));
}
