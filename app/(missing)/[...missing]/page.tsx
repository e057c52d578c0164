// Any address no other page matches: answered with status 404 by the not-found page beside the layout.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

// The not-found file's own metadata is not applied below the root: the page gives the title.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("status");
  return { title: t("notFound.title") };
}

export const dynamic = "force-dynamic";

export default function MissingPage(): never {
  notFound();
}
