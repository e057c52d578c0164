// The 404 of an unknown address: inside the frame with "Back to Overview" when signed in, standalone with
// "Sign in" when not (the layout decides the frame; this decides the way back).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundCard } from "@/components/status/not-found-card";
import { currentPrincipal } from "@/server/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("status");
  return { title: t("notFound.title") };
}

export default async function MissingNotFound() {
  const current = await currentPrincipal().catch(() => null);
  const signedIn = Boolean(current?.ok);
  return <NotFoundCard signedIn={signedIn} standalone={!signedIn} />;
}
