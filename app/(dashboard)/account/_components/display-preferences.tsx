"use client";
// Language and display (Account page): the language (or "as my browser"), Latin or Arabic-Indic digits in Arabic, and
// the Hijri date as a second line. Saved for the user (every browser they sign in from); the page reloads in the
// new language so that <html lang dir> and every catalog follow.
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { LANGUAGE_NAMES, LANGUAGES } from "@/lib/i18n/languages";
import type { UiPrefsInput } from "@/lib/schemas/ui-prefs";
import { useApiMutation } from "@/lib/use-api-mutation";

interface FormValues {
  language: "" | UiPrefsInput["language"];
  digits: UiPrefsInput["digits"];
  hijri: boolean;
}

export function DisplayPreferences({ saved }: { saved: UiPrefsInput }) {
  const t = useTranslations("common");
  const { register, handleSubmit } = useForm<FormValues>({
    defaultValues: { language: saved.language ?? "", digits: saved.digits, hijri: saved.hijri },
  });
  const { submit, pending, error } = useApiMutation({
    mutationFn: (values: UiPrefsInput) => apiFetch("/api/account/preferences", { method: "PUT", body: values }),
    fallbackMessage: t("preferencesNotSaved"),
    onSuccess: () => window.location.reload(),
  });
  const onSubmit = handleSubmit((v) => submit({ language: v.language || null, digits: v.digits, hijri: v.hijri }));

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField label={t("language")} {...register("language")}>
        <option value="">{t("languageFollowBrowser")}</option>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("digits")} hint={t("digitsHint")} {...register("digits")}>
        <option value="latn">{t("digitsLatn")}</option>
        <option value="arab">{t("digitsArab")}</option>
      </SelectField>
      <CheckboxField label={t("hijri")} {...register("hijri")} />
      <Button type="submit" loading={pending}>
        {t("savePreferences")}
      </Button>
    </form>
  );
}
