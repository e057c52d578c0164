"use client";
// Language and display (Account page): the language (or "as my browser"), Latin or Arabic-Indic digits in Arabic, the
// Hijri date as a second line, and whose clock dates are read in (the business zone, or the browser's own). Saved for the user (every browser they sign in from); the page reloads in the
// new language so that <html lang dir> and every catalog follow. Three closed choices need no form library: the
// values are read from the form itself on submit (keeps react-hook-form out of the Account page's first load).
import { useLocale, useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/field";
import { rememberBrowserZone } from "@/components/list/time-zone-sync";
import { apiFetch } from "@/lib/api-client";
import { DIGIT_STYLES, LANGUAGE_NAMES, LANGUAGES, TIME_ZONE_CHOICES, type Language } from "@/lib/i18n/languages";
import { zoneOffsetName } from "@/lib/i18n/zone-offset";
import type { UiPrefsInput } from "@/lib/schemas/ui-prefs";
import { useApiMutation } from "@/lib/use-api-mutation";

/** The form's values as the API takes them; a value outside the closed lists (a tampered DOM) falls back. */
export function readPreferences(data: FormData): UiPrefsInput {
  const language = data.get("language");
  const digits = data.get("digits");
  return {
    language: LANGUAGES.includes(language as Language) ? (language as Language) : null,
    digits: DIGIT_STYLES.find((d) => d === digits) ?? "latn",
    hijri: data.get("hijri") === "on",
    timeZone: TIME_ZONE_CHOICES.find((z) => z === data.get("timeZone")) ?? "business",
  };
}

export function DisplayPreferences({ saved, businessZone }: { saved: UiPrefsInput; businessZone: string }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: UiPrefsInput) => apiFetch("/api/account/preferences", { method: "PUT", body: values }),
    fallbackMessage: t("preferencesNotSaved"),
    // The server learns the browser's zone from its cookie: set before the reload, so the first page already shows it.
    onSuccess: () => {
      rememberBrowserZone();
      window.location.reload();
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit(readPreferences(new FormData(e.currentTarget)));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField label={t("language")} name="language" defaultValue={saved.language ?? ""}>
        <option value="">{t("languageFollowBrowser")}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("digits")} hint={t("digitsHint")} name="digits" defaultValue={saved.digits}>
        <option value="latn">{t("digitsLatn")}</option>
        <option value="arab">{t("digitsArab")}</option>
      </SelectField>
      <CheckboxField label={t("hijri")} name="hijri" defaultChecked={saved.hijri} />
      <SelectField label={t("timeZoneChoice")} hint={t("timeZoneChoiceHint")} name="timeZone" defaultValue={saved.timeZone}>
        <option value="business">{t("timeZoneBusiness", { zone: `${businessZone} (${zoneOffsetName(businessZone, locale)})` })}</option>
        <option value="browser">{t("timeZoneBrowser")}</option>
      </SelectField>
      <Button type="submit" loading={pending}>
        {t("savePreferences")}
      </Button>
    </form>
  );
}
