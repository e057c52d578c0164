// What a dashboard page shows, inside the shell, when it calls notFound() and has no not-found of its own.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundCard } from "@/components/status/not-found-card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("status");
  return { title: t("notFound.title") };
}

export default function DashboardNotFound() {
  return <NotFoundCard signedIn />;
}
