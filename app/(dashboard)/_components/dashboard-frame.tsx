// The shell around a signed-in principal's pages: the dashboard layout's, and the root not-found page's when the
// visitor is signed in (an unknown address then still shows the navigation).
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { visibleNav } from "@/lib/navigation";
import { searchGroupsFor } from "@/lib/search/result-href";
import type { Principal } from "@/server/auth/principal";
import { env } from "@/server/env";
import { currentDisplayZone } from "@/server/i18n/display-zone";
import { appDeps } from "@/server/services/app-deps";
import { refundsAwaitingDecision } from "@/server/services/refunds/awaiting-approval";

export async function DashboardFrame({ principal, children }: { principal: Principal; children: ReactNode }) {
  // The held refunds this person could decide: a count beside Refunds (approvers learn of them by mail too).
  const [refunds, zone] = await Promise.all([refundsAwaitingDecision((await appDeps()).db, principal), currentDisplayZone()]);
  return (
    <AppShell
      user={{ name: principal.name, email: principal.email, userType: principal.userType }}
      nav={visibleNav(principal.permissions)}
      badges={{ refunds }}
      testMode={env().testMode}
      zone={zone}
      search={searchGroupsFor(principal.permissions).length ? { canViewPayments: principal.permissions.has("TRANSACTIONS_VIEW") } : null}
    >
      {children}
    </AppShell>
  );
}
