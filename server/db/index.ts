// The process's database: opened once (PGlite under DATA_DIR, or DATABASE_URL), migrated, and shared.
// Kept on globalThis so that dev-mode module reloads do not open the embedded database twice.
import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./client";

const globalKey = Symbol.for("merchant-dashboard.database");
type Holder = { [globalKey]?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= (async () => {
    const config = env();
    return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  })().catch((error: unknown) => {
    delete holder[globalKey]; // let the next request try again instead of caching the failure
    throw error;
  });
  return holder[globalKey];
}
