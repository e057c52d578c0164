// The 404 of an unknown address: inside the frame with "Back to Overview" when signed in, standalone with
// "Sign in" when not (the layout decides the frame; this decides the way back).
import type { Metadata } from "next";
import { NotFoundCard } from "@/components/status/not-found-card";
import { currentPrincipal } from "@/server/auth/session";

export const metadata: Metadata = { title: "Page not found" };

export default async function MissingNotFound() {
  const current = await currentPrincipal().catch(() => null);
  const signedIn = Boolean(current?.ok);
  return <NotFoundCard signedIn={signedIn} standalone={!signedIn} />;
}
