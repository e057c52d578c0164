// Test support: the databases the integration tests run against. Always an in-memory PGlite; also a fresh
// database on a Postgres server when TEST_POSTGRES_URL is set (CI sets it to the machine's server).
// Each opened database is new and empty but for the migrations, and is dropped on dispose.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type Database } from "../../server/db/client";

export interface TestDatabase extends Database {
  /** The Postgres URL of this database (for a second connection pool, as a second app instance would have). */
  url: string | null;
  dispose(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: "pglite" | "postgres";
  open(): Promise<TestDatabase>;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    {
      name: "pglite",
      async open() {
        const d = await openDatabase({ url: null, dataDir: null });
        return { ...d, url: null, dispose: d.close };
      },
    },
  ];
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl) {
    targets.push({
      name: "postgres",
      async open() {
        const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
        const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
        try {
          await admin.unsafe(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end({ timeout: 5 });
        }
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const d = await openDatabase({ url: url.toString(), dataDir: null });
        return {
          ...d,
          url: url.toString(),
          async dispose() {
            await d.close();
            const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
            try {
              await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            } finally {
              await a.end({ timeout: 5 });
            }
          },
        };
      },
    });
  }
  return targets;
}
