// The reader's display choices: the Account page's form and PUT /api/account/preferences share this schema; the
// quick switch (sign-in page, user menu) posts the language alone to /api/session/language.
import { z } from "./zod";
import { DIGIT_STYLES, LANGUAGES, TIME_ZONE_CHOICES } from "@/lib/i18n/languages";

export const uiPrefsSchema = z.object({
  /** null: follow the browser. */
  language: z.enum(LANGUAGES).nullable(),
  digits: z.enum(DIGIT_STYLES),
  hijri: z.boolean(),
  /** Whose clock dates are shown in; a client that does not send it keeps the business zone. */
  timeZone: z.enum(TIME_ZONE_CHOICES).default("business"),
});
export type UiPrefsInput = z.infer<typeof uiPrefsSchema>;

export const languageSwitchSchema = z.object({
  language: z.enum(LANGUAGES),
  /** Where to go back to: a same-origin path (checked again with safeRedirectPath). */
  next: z.string().max(2000).optional(),
});
