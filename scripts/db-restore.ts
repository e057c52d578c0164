// `npm run db:restore -- FILE --data-dir DIR`: restores a db:backup file into DIR, a new or empty directory (never
// over the one in use), applies the migrations the backup predates and verifies the audit log's hash chain. Then
// stop the dashboard, point DATA_DIR at DIR and start it.
import { parseArgs } from "node:util";
import { restoreEmbedded } from "../server/db/backup";

const { values, positionals } = parseArgs({ options: { "data-dir": { type: "string" } }, allowPositionals: true });
const file = positionals[0];
const dataDir = values["data-dir"];
if (!file || !dataDir) {
  console.error("Usage: npm run db:restore -- <backup file> --data-dir <new directory>");
  process.exit(2);
}
try {
  const s = await restoreEmbedded(file, dataDir);
  console.log(
    `Restored into ${s.dataDir}: ${s.payments} payments, ${s.users} users, ${s.auditRows} audit rows, audit chain intact. ` +
      `Set DATA_DIR=${s.dataDir} and start the dashboard.`,
  );
} catch (e) {
  console.error(`The restore failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
