import { StepUpProvider } from "@/components/auth/step-up-provider";
import { AppShell } from "@/components/shell/app-shell";
import { visibleNav } from "@/lib/navigation";
import { requireSignedIn } from "@/server/auth/session";
import { env } from "@/server/env";

export const dynamic = "force-dynamic";

// The layout renders the shell for the signed-in user; it is not the access check (each page checks again).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const principal = await requireSignedIn();
  return (
    <AppShell
      user={{ name: principal.name, email: principal.email, userType: principal.userType }}
      nav={visibleNav(principal.permissions)}
      testMode={env().testMode}
    >
      {children}
      <StepUpProvider />
    </AppShell>
  );
}
