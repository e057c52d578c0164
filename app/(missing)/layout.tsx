// Addresses that match no page (#13): for a signed-in person, the 404 is shown in the dashboard's frame (its
// navigation and account menu), so the way back is where they expect it; signed out, the standalone card with a
// way to sign in. A route group of its own (not app/not-found.tsx) so the frame's client code loads only here,
// not on every route (the root not-found boundary is part of every page's bundle).
import { QueryProvider } from "@/components/query-provider";
import { currentPrincipal } from "@/server/auth/session";
import { DashboardFrame } from "../(dashboard)/_components/dashboard-frame";

export default async function MissingLayout({ children }: { children: React.ReactNode }) {
  // A failing session check (the database unreachable) must not hide the 404 behind an error: signed out instead.
  const current = await currentPrincipal().catch(() => null);
  if (!current?.ok) return children;
  return (
    <QueryProvider>
      <DashboardFrame principal={current.principal}>{children}</DashboardFrame>
    </QueryProvider>
  );
}
