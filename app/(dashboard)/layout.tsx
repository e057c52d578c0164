import { StepUpProvider } from "@/components/auth/step-up-provider";
import { requireSignedIn } from "@/server/auth/session";
import { DashboardFrame } from "./_components/dashboard-frame";

export const dynamic = "force-dynamic";

// The layout renders the shell for the signed-in user; it is not the access check (each page checks again).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const principal = await requireSignedIn();
  return (
    <DashboardFrame principal={principal}>
      {children}
      <StepUpProvider />
    </DashboardFrame>
  );
}
