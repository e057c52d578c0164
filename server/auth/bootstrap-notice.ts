// What the first start says about ADMIN_EMAIL / ADMIN_PASSWORD (server/db/index.ts logs it): the first super-admin
// created from them, or with a generated password in a file, or, when they are set but the database already has
// users, that they were not used and why (an operator who set them expects that account to exist).
export type BootstrapNotice =
  | { level: "info"; event: "auth.first_admin_created"; fields: Record<string, string> }
  | { level: "warn"; event: "auth.bootstrap_admin_ignored"; fields: Record<string, string> }
  | null;

export const BOOTSTRAP_IGNORED_REASON =
  "ADMIN_EMAIL and ADMIN_PASSWORD create the first super-admin only when the database has no user; this one has users already. Add the person under Administration → Users, or unset them.";

export function bootstrapNotice(
  created: { email: string; passwordFile: string | null } | null,
  configured: { email: string } | null,
): BootstrapNotice {
  if (created) {
    return created.passwordFile
      ? { level: "info", event: "auth.first_admin_created", fields: { email: created.email, passwordFile: created.passwordFile } }
      : { level: "info", event: "auth.first_admin_created", fields: { email: created.email, from: "ADMIN_EMAIL and ADMIN_PASSWORD" } };
  }
  if (configured)
    return { level: "warn", event: "auth.bootstrap_admin_ignored", fields: { email: configured.email, reason: BOOTSTRAP_IGNORED_REASON } };
  return null;
}
