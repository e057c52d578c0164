// Vitest global setup: migrate the test databases ONCE per run, then every test file gets a copy of the result
// (tests/support/db.support.ts). A fresh PGlite cluster costs an initdb plus 24 migrations (about 5 s of CPU on this
// machine) and a Postgres database its migrations; a copy costs about 1 s and a file-level CREATE DATABASE … TEMPLATE.
// Isolation is unchanged: each copy is a database nobody else touches, dropped when its file ends.
//   PGlite: a migrated in-memory cluster dumped to a file (`dumpDataDir`), loaded by each file (`loadDataDir`).
//   Postgres (TEST_POSTGRES_URL): a migrated database used only as the template of CREATE DATABASE … TEMPLATE.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite cluster's dump (an uncompressed tar). */
    pgliteTemplateFile: string;
    /** Name of the migrated template database on TEST_POSTGRES_URL's server; "" without a server. */
    postgresTemplate: string;
  }
}

async function admin<T>(adminUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function pgliteTemplate(file: string): Promise<void> {
  const d = await openDatabase({ url: null, dataDir: null });
  try {
    // Drizzle keeps the driver's client on the handle; openDatabase made it a PGlite (url: null).
    const { $client } = d.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } };
    fs.writeFileSync(file, Buffer.from(await (await $client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await d.close();
  }
}

async function postgresTemplate(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Every connection to it is closed before a test file copies it: CREATE DATABASE … TEMPLATE refuses a template
  // that anyone is connected to.
  const d = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1 });
  await d.close();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const id = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const file = path.join(os.tmpdir(), `dashboard-test-template-${id}.tar`);
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const pgName = adminUrl ? `tmpl_${id}` : "";
  await Promise.all([pgliteTemplate(file), adminUrl ? postgresTemplate(adminUrl, pgName) : null]);
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", pgName);
  return async () => {
    fs.rmSync(file, { force: true });
    if (adminUrl) await admin(adminUrl, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`));
  };
}
