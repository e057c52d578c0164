// `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) and exits, printing where the schema stands. The dashboard applies them at start as
// well, under the same PostgreSQL advisory lock (instances starting together take turns), so this step is optional;
// run it before starting the new version of a deployment to see the upgrade succeed before any instance serves.
// With the embedded database, stop the dashboard first: it holds DATA_DIR's lock.
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { rawRows } from "../server/db/raw-rows";
import { readConfig } from "../server/config";

const config = readConfig(process.env);
const where = config.databaseUrl ? `PostgreSQL at ${new URL(config.databaseUrl).host}` : `the embedded database in ${config.dataDir}`;
const started = Date.now();
try {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const [row] = rawRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    console.log(`Migrations applied to ${where}: ${row?.n ?? 0} recorded, in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(`Migrating ${where} failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
