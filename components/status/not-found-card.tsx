// What an unknown address shows: say so plainly and offer the way back (the Overview, or sign-in when signed out).
import { buttonClasses } from "@/components/ui/button-styles";
import { StatusCard } from "./status-card";

export function NotFoundCard({ signedIn, standalone = false }: { signedIn: boolean; standalone?: boolean }) {
  return (
    <StatusCard
      eyebrow="404"
      title="Page not found"
      standalone={standalone}
      actions={
        signedIn ? (
          <a href="/overview" className={buttonClasses()}>
            Back to Overview
          </a>
        ) : (
          <a href="/login" className={buttonClasses()}>
            Sign in
          </a>
        )
      }
    >
      <p>There is nothing at this address. The link may be mistyped, or the page may have moved.</p>
      <p>Check the address, or start again from {signedIn ? "the Overview" : "the sign-in page"}.</p>
    </StatusCard>
  );
}
