// The shell around a signed-in principal's pages: the dashboard layout's, and the root not-found page's when the
// visitor is signed in (an unknown address then still shows the navigation).
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { visibleNav } from "@/lib/navigation";
import type { Principal } from "@/server/auth/principal";
import { env } from "@/server/env";

export function DashboardFrame({ principal, children }: { principal: Principal; children: ReactNode }) {
  return (
    <AppShell
      user={{ name: principal.name, email: principal.email, userType: principal.userType }}
      nav={visibleNav(principal.permissions)}
      testMode={env().testMode}
    >
      {children}
    </AppShell>
  );
}
