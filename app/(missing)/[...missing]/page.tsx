// Any address no other page matches: answered with status 404 by the not-found page beside the layout.
import type { Metadata } from "next";
import { notFound } from "next/navigation";

// The not-found file's own metadata is not applied below the root: the page gives the title.
export const metadata: Metadata = { title: "Page not found" };

export const dynamic = "force-dynamic";

export default function MissingPage(): never {
  notFound();
}
