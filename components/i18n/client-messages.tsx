// Sends one page's namespaces to its client components, on top of the base ones every page has (shared words, the
// shell, validation, API errors): the browser never receives a whole catalog. A server component; pages wrap their
// client parts in it: <ClientMessages namespaces={["transactions"]}>…</ClientMessages>.
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import { BASE_CLIENT_NAMESPACES, pickNamespaces, type ClientPart, type Messages } from "@/messages";

export async function ClientMessages({ namespaces = [], children }: { namespaces?: readonly ClientPart[]; children: ReactNode }) {
  const [locale, timeZone, messages] = await Promise.all([getLocale(), getTimeZone(), getMessages()]);
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={pickNamespaces(messages as Messages, [...BASE_CLIENT_NAMESPACES, ...namespaces])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
