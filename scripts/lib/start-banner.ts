// What `npm start` prints and tells the sandbox about mail: the banner's addresses (dashboard, sandbox, the local
// mail inbox), the warnings a person must see at start (MFA off), and the sandbox's SMTP catcher port ("off" when
// mail goes to a real SMTP server). Pure functions of the configuration, so a unit test pins them.
import type { AppConfig } from "../../server/config";

export const MFA_NONE_WARNING =
  "MFA_REQUIRED=none: sign-in asks for a password only. For local trials only; PCI DSS 8.4.2 requires MFA for all access.";

/** SANDBOX_SMTP_PORT for the sandbox child: the catcher's port when the dashboard mails it, otherwise "off". */
export function sandboxSmtpPortEnv(config: Pick<AppConfig, "mail">): string {
  return config.mail.catcher ? new URL(config.mail.smtpUrl).port : "off";
}

export function startWarnings(config: Pick<AppConfig, "mfaRequired">): string[] {
  return config.mfaRequired === "none" ? [MFA_NONE_WARNING] : [];
}

export function startBanner(
  config: Pick<AppConfig, "testMode" | "databaseUrl" | "dataDir" | "mail">,
  p: { dashboardUrl: string; sandboxPort: number },
): string[] {
  const lines = [`  Dashboard:        ${p.dashboardUrl}`];
  if (config.testMode) lines.push(`  Sandbox gateway:  http://127.0.0.1:${p.sandboxPort}  (test mode: test cards only)`);
  if (config.mail.inboxUrl)
    lines.push(`  Mail inbox:       ${config.mail.inboxUrl}  (local catcher: invitations and password resets land here)`);
  else lines.push(`  Mail:             sent through ${new URL(config.mail.smtpUrl).host} as ${config.mail.from}`);
  lines.push(`  Database:         ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.dataDir}`}`);
  return lines;
}
