// Test support: the databases the integration tests run against. Always an in-memory PGlite; also a fresh
// database on a Postgres server when TEST_POSTGRES_URL is set (CI sets it to the machine's server).
// Each opened database is new and nobody else's: a copy of the run's migrated template (db-template.global.ts), the
// migrations already applied, dropped on dispose. This is the only way a test file gets a database of its own:
// tests/lint/test-databases.test.ts fails on a test that creates or migrates one itself.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { withAdmin } from "./db-template.global";

export interface TestDatabase extends Database {
  /** The Postgres URL of this database (for a second connection pool, as a second app instance would have). */
  url: string | null;
  dispose(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: "pglite" | "postgres";
  open(): Promise<TestDatabase>;
}

let pgliteTemplate: Blob | null = null;
/** The migrated cluster's dump, read once per test file (the global setup wrote it; vitest.config.ts names it). */
function pgliteTemplateBlob(): Blob {
  pgliteTemplate ??= new Blob([fs.readFileSync(inject("pgliteTemplateFile"))]);
  return pgliteTemplate;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    {
      name: "pglite",
      async open() {
        const d = await openDatabase({ url: null, dataDir: null, pgliteTemplate: pgliteTemplateBlob() });
        return { ...d, url: null, dispose: d.close };
      },
    },
  ];
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl) {
    targets.push({
      name: "postgres",
      async open() {
        const template = inject("postgresTemplate");
        if (!template) throw new Error("TEST_POSTGRES_URL is set but the global setup made no template database");
        const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
        await withAdmin(adminUrl, async (sql) => {
          await sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
          // A test database need not survive a crash of the server: a commit returns before its WAL is flushed
          // (about 1.5 ms instead of 4.6 here). Visibility, locking and isolation are unchanged;
          // server/db/restart.test.ts, which stops a server, runs a private one of its own.
          await sql.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = off`);
        });
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const d = await openDatabase({ url: url.toString(), dataDir: null });
        return {
          ...d,
          url: url.toString(),
          async dispose() {
            await d.close();
            await withAdmin(adminUrl, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
          },
        };
      },
    });
  }
  return targets;
}
