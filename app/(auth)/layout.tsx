// The sign-in pages' client components (forms, second-factor steps) read the "auth" catalog namespace; the shell's
// (base) namespace holds the code and passkey forms shared with the dashboard's step-up dialog.
import { ClientMessages } from "@/components/i18n/client-messages";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["auth"]}>{children}</ClientMessages>;
}
