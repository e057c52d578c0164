import { StepUpProvider } from "@/components/auth/step-up-provider";
import { QueryProvider } from "@/components/query-provider";
import { AppShell } from "@/components/shell/app-shell";
import { visibleNav } from "@/lib/navigation";
import { requireSignedIn } from "@/server/auth/session";
import { env } from "@/server/env";

export const dynamic = "force-dynamic";

// The layout renders the shell for the signed-in user; it is not the access check (each page checks again). Its
// client components reach the API through TanStack Query (DESIGN rule 12).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const principal = await requireSignedIn();
  return (
    <QueryProvider>
      <AppShell
        user={{ name: principal.name, email: principal.email, userType: principal.userType }}
        nav={visibleNav(principal.permissions)}
        testMode={env().testMode}
      >
        {children}
        <StepUpProvider />
      </AppShell>
    </QueryProvider>
  );
}
