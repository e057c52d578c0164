// Backup and restore of the embedded database (PGlite). The backup is PGlite's own dump of the whole cluster, a
// gzipped tar, taken while this process holds DATA_DIR's lock, so no other process writes meanwhile: a consistent
// copy. A restore loads it into a NEW data directory (never over a live one), applies any migration the backup
// predates, and checks the audit log's hash chain before it says it is done. PostgreSQL is backed up with its own
// tools (pg_dump / pg_restore: the deployment guide shows how).
// No `import "server-only"`: the db:backup and db:restore scripts run it.
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { verifyAuditChain } from "../audit/audit-log";
import { readConfig } from "../config";
import { openDatabase } from "./client";
import { auditLog, payments, users } from "./schema";

export interface BackupSummary {
  file: string;
  bytes: number;
  payments: number;
  users: number;
  auditRows: number;
}

export interface RestoreSummary extends Omit<BackupSummary, "file" | "bytes"> {
  dataDir: string;
  auditChain: "intact";
}

async function counts(db: Parameters<typeof verifyAuditChain>[0]) {
  const [[p], [u], [a]] = await Promise.all([
    db.select({ n: count() }).from(payments),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { payments: Number(p?.n ?? 0), users: Number(u?.n ?? 0), auditRows: Number(a?.n ?? 0) };
}

/** Writes the embedded database in `dataDir` to `file` (mode 0600: it holds every payment and user). */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupSummary> {
  if (!fs.existsSync(path.join(dataDir, "pglite"))) throw new Error(`There is no embedded database in ${dataDir}.`);
  const database = await openDatabase({ url: null, dataDir });
  try {
    const summary = await counts(database.db);
    const dump = await database.dumpDataDir!();
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: "w" });
    fs.renameSync(partial, file); // whole or not at all
    return { file: path.resolve(file), bytes: fs.statSync(file).size, ...summary };
  } finally {
    await database.close();
  }
}

/**
 * The chain key generated for the current DATA_DIR goes with the restored database (it verified it), so the
 * dashboard started on the new directory keeps verifying the old rows. A configured AUDIT_CHAIN_KEY needs no copy.
 */
function keepChainKey(dataDir: string): void {
  const config = readConfig(process.env);
  if (config.auditChain.key) return;
  const from = path.join(config.dataDir, "audit-chain-key");
  const to = path.join(dataDir, "audit-chain-key");
  if (fs.existsSync(from) && !fs.existsSync(to)) fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  if (fs.existsSync(to)) fs.chmodSync(to, 0o600);
}

/** Restores `file` into `dataDir`, which must not exist or be empty; throws if the audit chain does not verify. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<RestoreSummary> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new directory, then point DATA_DIR at it.`);
  const dump = new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ url: null, dataDir, pgliteTemplate: dump });
  try {
    const chain = await verifyAuditChain(database.db);
    if (!chain.ok && chain.reason === "unknown_key")
      throw new Error(
        `The restored audit log's row ${chain.brokenAt} was chained with a key this machine does not hold: set AUDIT_CHAIN_KEY (or AUDIT_CHAIN_PREVIOUS_KEYS) to the key the backup's dashboard used, then restore again.`,
      );
    if (!chain.ok) throw new Error(`The restored audit log's hash chain is broken at row ${chain.brokenAt} (${chain.reason}).`);
    keepChainKey(dataDir);
    return { dataDir: path.resolve(dataDir), auditChain: "intact", ...(await counts(database.db)) };
  } finally {
    await database.close();
  }
}
