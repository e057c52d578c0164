// What `npm start` prints and tells the sandbox about mail: the banner's addresses (dashboard, sandbox, the local
// mail inbox), the warnings a person must see at start (MFA off), and the sandbox's SMTP catcher port ("off" when
// mail goes to a real SMTP server). Pure functions of the configuration, so a unit test pins them.
import fs from "node:fs";
import path from "node:path";
import { FIRST_ADMIN_FILE } from "../../server/auth/first-admin-secret";
import type { AppConfig } from "../../server/config";

/** The sandbox gateway's own log (its lines are not the dashboard's: they stay out of stdout). */
export const sandboxLog = (config: Pick<AppConfig, "dataDir">) => path.join(config.dataDir, "sandbox.log");

/** The generated first super-admin's password file, when the first start wrote one and it is still there. */
export function firstAdminFile(config: Pick<AppConfig, "dataDir">, exists: (p: string) => boolean = fs.existsSync): string | null {
  const file = path.join(config.dataDir, FIRST_ADMIN_FILE);
  return exists(file) ? file : null;
}

/** The e-mail and password of the first-admin file (server/auth/first-admin-secret.ts), or null if unreadable. */
export function readFirstAdmin(
  file: string,
  read: (p: string) => string = (p) => fs.readFileSync(p, "utf8"),
): { email: string; password: string } | null {
  try {
    const text = read(file);
    const email = /^E-mail:\s+(\S+)\s*$/m.exec(text)?.[1];
    // Exactly what follows "Password: " (an ADMIN_PASSWORD may hold spaces).
    const password = /^Password: (.+)$/m.exec(text)?.[1];
    return email && password ? { email, password } : null;
  } catch {
    return null;
  }
}

export const MFA_NONE_WARNING =
  "MFA_REQUIRED=none: sign-in asks for a password only. For local trials only; PCI DSS 8.4.2 requires MFA for all access.";

/** SANDBOX_SMTP_PORT for the sandbox child: the catcher's port when the dashboard mails it, otherwise "off". */
export function sandboxSmtpPortEnv(config: Pick<AppConfig, "mail">): string {
  return config.mail.catcher ? new URL(config.mail.smtpUrl).port : "off";
}

export function startWarnings(config: Pick<AppConfig, "mfaRequired" | "nonPciSettings">): string[] {
  const warnings = config.mfaRequired === "none" ? [MFA_NONE_WARNING] : [];
  // Let through by ALLOW_NON_PCI_SETTINGS=1 with a real gateway: said at every start.
  for (const problem of config.nonPciSettings) warnings.push(`ALLOW_NON_PCI_SETTINGS=1 let this through: ${problem}`);
  return warnings;
}

export function startBanner(
  config: Pick<AppConfig, "testMode" | "databaseUrl" | "dataDir" | "mail">,
  p: {
    dashboardUrl: string;
    sandboxPort: number;
    firstAdminFile?: string | null;
    /** The first super-admin's sign-in, shown only in a sandbox trial (start.ts decides). */
    firstSignIn?: { email: string; password: string } | null;
  },
): string[] {
  const lines = [`  Dashboard:        ${p.dashboardUrl}`];
  if (p.firstSignIn) {
    lines.push(`  Sign in as:       ${p.firstSignIn.email}`);
    lines.push(`  Password:         ${p.firstSignIn.password}  (you choose your own, and set up a second factor, at the first sign-in)`);
  } else if (p.firstAdminFile) lines.push(`  First sign-in:    the e-mail and password are in ${p.firstAdminFile} (delete it afterwards)`);
  if (config.testMode) {
    lines.push(`  Sandbox gateway:  http://127.0.0.1:${p.sandboxPort}  (test mode: test cards only)`);
    lines.push(`  Sandbox log:      ${sandboxLog(config)}`);
  }
  if (config.mail.inboxUrl)
    lines.push(`  Mail inbox:       ${config.mail.inboxUrl}  (local catcher: invitations and password resets land here)`);
  else lines.push(`  Mail:             sent through ${new URL(config.mail.smtpUrl).host} as ${config.mail.from}`);
  lines.push(`  Database:         ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.dataDir}`}`);
  return lines;
}
