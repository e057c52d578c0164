// The process's database: opened once (PGlite under DATA_DIR, or DATABASE_URL), migrated, seeded on first start
// (local roles, the first super-admin), and shared. Kept on globalThis so that dev-mode module reloads do not open
// the embedded database twice.
import "server-only";
import { writeFirstAdminSecret } from "../auth/first-admin-secret";
import { bootstrapFirstAdmin, seedLocalRoles } from "../auth/users";
import { bootstrapNotice } from "../auth/bootstrap-notice";
import { env } from "../env";
import { logger } from "../log/logger";
import { processOnce, takeProcessOnce } from "../process-once";
import { openDatabase, type Database } from "./client";
import { auditRoleFinding } from "../audit/db-role";

const globalKey = Symbol.for("merchant-dashboard.database");

async function openAndPrepare(): Promise<Database> {
  const config = env();
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  if (database.kind === "postgres") {
    const finding = await auditRoleFinding(database.db).catch(() => null);
    if (finding)
      logger.warn("config.audit_role_too_strong", {
        ...finding,
        message:
          "The database role the dashboard runs as can rewrite the audit trail. Run it as a role with INSERT and SELECT only on audit_log and audit_checkpoints, and migrations with DATABASE_MIGRATION_URL (docs/deploy.md, least privilege).",
      });
  }
  await seedLocalRoles(database.db);
  const admin = await bootstrapFirstAdmin(database.db, config.bootstrapAdmin).catch(() => null); // another instance won the race
  // A generated password goes to a 0600 file, never to the log (log stores keep it); the line names the file, and
  // `npm start`'s banner shows it to the person starting the dashboard.
  const passwordFile = admin?.password ? writeFirstAdminSecret(config.dataDir, admin.email, admin.password) : null;
  const notice = bootstrapNotice(admin ? { email: admin.email, passwordFile } : null, config.bootstrapAdmin);
  if (notice) logger[notice.level](notice.event, notice.fields);
  return database;
}

export function getDatabase(): Promise<Database> {
  // A failed open (the server unreachable at boot) is not kept: the next request tries again (process-once.ts).
  return processOnce(globalKey, openAndPrepare);
}

/** Closes the process's database, if it was opened (a graceful stop, after the requests and workers finished). */
export async function closeDatabase(): Promise<void> {
  const kept = takeProcessOnce<Database>(globalKey);
  if (kept) await (await kept.catch(() => null))?.close();
}
