// `npm run db:backup -- [--out FILE]`: a consistent copy of the embedded database (DATA_DIR) in one gzipped file,
// readable by this OS user only (default backups/dashboard-<UTC time>.tar.gz). Stop the dashboard first: it holds
// the database (DATA_DIR/pglite.lock), and a copy taken under a running writer would not be consistent. With
// DATABASE_URL set, use PostgreSQL's own tools instead: the command prints them.
import path from "node:path";
import { parseArgs } from "node:util";
import { backupEmbedded } from "../server/db/backup";
import { readConfig } from "../server/config";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = readConfig({ ...process.env, ALLOW_NON_PCI_SETTINGS: "1" }); // a backup is no reason to refuse
if (config.databaseUrl) {
  console.error(
    "DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n" +
      '  pg_dump --format=custom --file=dashboard.dump "$DATABASE_URL"\n' +
      '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" dashboard.dump',
  );
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
const file = values.out ?? path.join("backups", `dashboard-${stamp}Z.tar.gz`);
try {
  const s = await backupEmbedded(config.dataDir, file);
  console.log(
    `Backed up ${config.dataDir} to ${s.file} (${Math.round(s.bytes / 1024)} KB): ${s.payments} payments, ${s.users} users, ${s.auditRows} audit rows.`,
  );
} catch (e) {
  console.error(`The backup failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
