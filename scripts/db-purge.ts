// `npm run db:purge`: one retention pass by hand on the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR), the same pass every instance runs once a day: rows past their RETENTION_*_DAYS period are deleted in
// batches and the pass writes its audit row; the ledger and the audit log are never touched. Prints what it deleted
// per table. Safe while instances run on PostgreSQL (a pass under way elsewhere makes this one skip, and says so);
// with the embedded database, stop the dashboard first: it holds DATA_DIR's lock.
import { openDatabase } from "../server/db/client";
import { readConfig } from "../server/config";
import { purgeOnce, RetentionPassError, type RetentionReport } from "../server/services/retention/purge";
import { RETENTION_RULES } from "../server/services/retention/rules";

const config = readConfig(process.env);
const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `the embedded database in ${config.dataDir}`;

function print(report: RetentionReport): void {
  const width = Math.max(...RETENTION_RULES.map((r) => r.table.length));
  for (const rule of RETENTION_RULES) {
    const before = report.cutoffs[rule.name].slice(0, 10);
    console.log(`  ${rule.table.padEnd(width)}  ${String(report.deleted[rule.name]).padStart(9)}  (older than ${before})`);
  }
}

try {
  // Two connections: the pass's lock is held on one while the batches run on the other.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const report = await purgeOnce({ db: database.db, config, now: () => new Date() }, { databaseKind: database.kind });
    if (report.skipped) {
      console.log(`Retention pass on ${where} skipped: another instance's pass is under way.`);
    } else {
      console.log(`Retention pass on ${where}: ${report.total} rows deleted in ${report.durationMs} ms.`);
      print(report);
      if (report.auditId !== null) console.log(`Audit log entry #${report.auditId}.`);
    }
  } catch (e) {
    if (e instanceof RetentionPassError) {
      console.error(`Retention pass on ${where} failed after deleting ${e.report.total} rows: ${e.message}`);
      print(e.report);
    } else throw e;
    process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(`Retention pass on ${where} failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
