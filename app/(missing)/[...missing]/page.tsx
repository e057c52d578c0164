// Any address no other page matches: answered with status 404 by the not-found page beside the layout.
import { notFound } from "next/navigation";

export const dynamic = "force-dynamic";

export default function MissingPage(): never {
  notFound();
}
