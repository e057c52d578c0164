import { StepUpProvider } from "@/components/auth/step-up-provider";
import { ChargeConfirmProvider } from "@/components/money-actions/charge-confirm-provider";
import { QueryProvider } from "@/components/query-provider";
import { requireSignedIn } from "@/server/auth/session";
import { DashboardFrame } from "./_components/dashboard-frame";

export const dynamic = "force-dynamic";

// The layout renders the shell for the signed-in user; it is not the access check (each page checks again). Its
// client components reach the API through TanStack Query (DESIGN rule 12).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const principal = await requireSignedIn();
  return (
    <QueryProvider>
      <DashboardFrame principal={principal}>
        {children}
        <StepUpProvider />
        <ChargeConfirmProvider />
      </DashboardFrame>
    </QueryProvider>
  );
}
