// Vitest global setup: the test databases are migrated once, then every test file gets a copy of the result
// (tests/support/db.support.ts). A fresh PGlite cluster costs an initdb plus every migration (about 5 s of CPU on this
// machine) and a Postgres database its migrations; a copy costs about 1 s and a CREATE DATABASE … TEMPLATE.
// Isolation is unchanged: each copy is a database nobody else touches, dropped when its file ends.
//   PGlite: a migrated in-memory cluster dumped to a file (`dumpDataDir`), loaded by each file (`loadDataDir`).
//   Postgres (TEST_POSTGRES_URL): a migrated database used only as the template of CREATE DATABASE … TEMPLATE.
// Both are named by a digest of the migrations and the PGlite version, and kept: the next run with the same
// migrations (a developer's one-file run) starts at once; a changed migration makes a new one (and the old Postgres
// templates are dropped).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_FOLDER, openDatabase } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite cluster's dump (an uncompressed tar). */
    pgliteTemplateFile: string;
    /** Name of the migrated template database on TEST_POSTGRES_URL's server; "" without a server. */
    postgresTemplate: string;
  }
}

/** A digest of every migration file (name and content) and of the PGlite build that reads the dump. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else hash.update(path.relative(MIGRATIONS_FOLDER, p)).update("\0").update(fs.readFileSync(p)).update("\0");
    }
  };
  walk(MIGRATIONS_FOLDER);
  const pglite = JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  return hash.update(pglite.version).digest("hex").slice(0, 16);
}

/** One connection to the server as TEST_POSTGRES_URL names it, closed after `work`. */
export async function withAdmin<T>(adminUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function ensurePgliteTemplate(file: string): Promise<void> {
  if (fs.existsSync(file)) return;
  const d = await openDatabase({ url: null, dataDir: null });
  try {
    // Drizzle keeps the driver's client on the handle; openDatabase made it a PGlite (url: null).
    const { $client } = d.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } };
    const tmp = `${file}.${process.pid}.${randomBytes(3).toString("hex")}`;
    fs.writeFileSync(tmp, Buffer.from(await (await $client.dumpDataDir("none")).arrayBuffer()));
    fs.renameSync(tmp, file); // whole or not at all, for a run that starts meanwhile
  } finally {
    await d.close();
  }
}

async function ensurePostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (sql) => {
    // One creator at a time across runs on the same server; the others find it made.
    await sql`SELECT pg_advisory_lock(hashtext('dashboard-test-template'))`;
    try {
      const [exists] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      if (exists) return;
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name}_new WITH (FORCE)`); // a run stopped half way
      await sql.unsafe(`CREATE DATABASE ${name}_new`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}_new`;
      // Every connection to it is closed before a test file copies it: CREATE DATABASE … TEMPLATE refuses a template
      // that anyone is connected to.
      const d = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1 });
      await d.close();
      // Renamed once migrated: a run stopped half way leaves a *_new database, never a half-migrated template.
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql.unsafe(`ALTER DATABASE ${name}_new RENAME TO ${name}`);
      // Templates of other migrations are dropped once they are a day old: a run in another checkout (other
      // migrations, the same server) may still be copying its template between two files, and dropping it then
      // failed every later file of that run. Their age is their files' (superuser only: otherwise they are kept).
      const stale = await sql<{ datname: string }[]>`
        SELECT datname FROM pg_database
        WHERE datname LIKE 'tmpl\\_%' AND datname <> ${name}
          AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '1 day'`.catch(() => []);
      for (const { datname } of stale) await sql.unsafe(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('dashboard-test-template'))`;
    }
  });
}

export default async function setup(project: TestProject): Promise<void> {
  const digest = migrationsDigest();
  const file = path.join(os.tmpdir(), `dashboard-test-template-${digest}.tar`);
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const pgName = adminUrl ? `tmpl_${digest}` : "";
  await Promise.all([ensurePgliteTemplate(file), adminUrl ? ensurePostgresTemplate(adminUrl, pgName) : null]);
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", pgName);
}
