// The process's database: opened once (PGlite under DATA_DIR, or DATABASE_URL), migrated, seeded on first start
// (local roles, the first super-admin), and shared. Kept on globalThis so that dev-mode module reloads do not open
// the embedded database twice.
import "server-only";
import { bootstrapFirstAdmin, seedLocalRoles } from "../auth/users";
import { env } from "../env";
import { openDatabase, type Database } from "./client";

const globalKey = Symbol.for("merchant-dashboard.database");
type Holder = { [globalKey]?: Promise<Database> };

async function openAndPrepare(): Promise<Database> {
  const config = env();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedLocalRoles(database.db);
  const admin = await bootstrapFirstAdmin(database.db, config.bootstrapAdmin).catch(() => null); // another instance won the race
  if (admin) {
    // Printed once, on the first start only: there is no other copy of a generated password.
    console.log(
      admin.password
        ? `\n  First start: a super-admin was created.\n    E-mail:   ${admin.email}\n    Password: ${admin.password}\n  At the first sign-in you set up a second factor, then choose your own password. This is shown only once.\n`
        : `\n  First start: super-admin ${admin.email} was created from ADMIN_EMAIL / ADMIN_PASSWORD.\n`,
    );
  }
  return database;
}

export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= openAndPrepare().catch((error: unknown) => {
    delete holder[globalKey]; // let the next request try again instead of caching the failure
    throw error;
  });
  return holder[globalKey];
}
