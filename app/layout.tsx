import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { UiPrefsProvider } from "@/components/i18n/ui-prefs";
import { HydrationMark } from "@/components/ui/hydration-mark";
import { directionOf, formatLocaleOf } from "@/lib/i18n/languages";
import { BASE_CLIENT_NAMESPACES, pickNamespaces, type Messages } from "@/messages";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { currentUiPrefs } from "@/server/i18n/prefs";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("appDescription"),
    robots: { index: false, follow: false },
  };
}

// <html lang dir> follow the reader's language (server/i18n/prefs.ts). Every page's client components get the base
// namespaces here; a page adds its own with <ClientMessages>.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [prefs, zone, messages] = await Promise.all([currentUiPrefs(), currentDisplayZone(), getMessages()]);
  return (
    <html lang={prefs.language} dir={directionOf(prefs.language)}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <NextIntlClientProvider
          locale={formatLocaleOf(prefs)}
          timeZone={zone.zone}
          messages={pickNamespaces(messages as Messages, BASE_CLIENT_NAMESPACES)}
        >
          <UiPrefsProvider prefs={prefs} zone={zone}>
            {children}
          </UiPrefsProvider>
          <HydrationMark />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
