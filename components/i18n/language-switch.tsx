"use client";
// The quick language switch: a plain form post to /api/session/language (works before any script has loaded), which
// sets the cookie (and the signed-in user's saved language) and comes back here. It offers the other language, named
// in that language, so a reader who cannot read the current one still finds theirs.
import { usePathname } from "next/navigation";
import { useLocale } from "next-intl";
import { LANGUAGE_NAMES, languageOfLocale, type Language } from "@/lib/i18n/languages";
import { cx } from "@/components/ui/cx";

export function LanguageSwitch({ className }: { className?: string }) {
  const pathname = usePathname();
  const current = languageOfLocale(useLocale());
  const other: Language = current === "ar" ? "en" : "ar";
  return (
    <form
      method="post"
      action="/api/session/language"
      onSubmit={(e) => {
        const next = e.currentTarget.elements.namedItem("next");
        if (next instanceof HTMLInputElement) next.value = `${window.location.pathname}${window.location.search}`;
      }}
    >
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="next" defaultValue={pathname} />
      <button type="submit" lang={other} dir="auto" className={cx("text-sm font-medium text-brand-700 hover:underline", className)}>
        {LANGUAGE_NAMES[other]}
      </button>
    </form>
  );
}
