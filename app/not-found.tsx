// An address that matches no page: the card framed like the sign-in page, with the way back (the Overview when signed
// in, sign-in when not). Next answers it with status 404. Not inside the shell: this boundary's JS is loaded by every
// route, and the shell's client code would add ~6 KB to each (an unknown id inside the dashboard, where notFound() is
// called by a page, shows app/(dashboard)/not-found.tsx in the shell).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundCard } from "@/components/status/not-found-card";
import { currentPrincipal } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("status");
  return { title: t("notFound.title") };
}

export default async function NotFound() {
  // A not-found page that fails (the database unreachable) would hide the 404 behind an error: signed out instead.
  const current = await currentPrincipal().catch(() => null);
  return <NotFoundCard signedIn={Boolean(current?.ok)} standalone />;
}
