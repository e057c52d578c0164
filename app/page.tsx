import { redirect } from "next/navigation";
import { currentPrincipal } from "@/server/auth/session";

export const dynamic = "force-dynamic";

// The first page: signed-in users go to their overview, everyone else to sign-in.
export default async function HomePage() {
  const current = await currentPrincipal();
  redirect(current.ok ? "/overview" : "/login");
}
