// An address that matches no page: inside the shell for a signed-in visitor (the navigation stays), else framed
// like the sign-in page. Next answers it with status 404.
import type { Metadata } from "next";
import { NotFoundCard } from "@/components/status/not-found-card";
import { currentPrincipal } from "@/server/auth/session";
import { DashboardFrame } from "./(dashboard)/_components/dashboard-frame";

export const metadata: Metadata = { title: "Page not found" };

export default async function NotFound() {
  // A not-found page that fails (the database unreachable) would hide the 404 behind an error: signed out instead.
  const current = await currentPrincipal().catch(() => null);
  if (!current?.ok) return <NotFoundCard signedIn={false} standalone />;
  return (
    <DashboardFrame principal={current.principal}>
      <NotFoundCard signedIn />
    </DashboardFrame>
  );
}
