// Rendering components in a unit test as a page would: inside next-intl's provider with a language's whole catalog
// and formatting locale (the app's pages get theirs from server/i18n/request.ts).
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { formatLocaleOf, type DigitStyle, type Language } from "@/lib/i18n/languages";
import { catalogOf } from "@/messages";

export function WithIntl({
  language = "en",
  digits = "latn",
  children,
}: {
  language?: Language;
  digits?: DigitStyle;
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider locale={formatLocaleOf({ language, digits })} timeZone="UTC" messages={catalogOf(language)}>
      {children}
    </NextIntlClientProvider>
  );
}
