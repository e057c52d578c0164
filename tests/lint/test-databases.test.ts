// Rule guarded: a test file gets its database only from tests/support/db.support.ts, a copy of the run's migrated
// template (db-template.global.ts). A test that creates a cluster or a database, or runs the migrations itself,
// spends seconds of CPU per file again (the suite's time budget) and bypasses the one place that drops what it made.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../scripts/lib/source-files";

const ROOT = path.resolve(__dirname, "../..");

/** The files that make databases on purpose: the template helper itself, and the test of a private server's restart. */
const ALLOWED: Record<string, string> = {
  "tests/support/db.support.ts": "the helper: copies the template per test file",
  "tests/support/db-template.global.ts": "the global setup: migrates the template once per run",
  "server/db/restart.test.ts": "starts a private Postgres server (initdb) whose only database it migrates and restarts",
  "tests/lint/test-databases.test.ts": "this guard: its samples of what is reported",
  "server/db/backup.test.ts": "backup and restore: embedded databases in directories of its own, from the template",
  "server/db/migrations.test.ts": "the migrations themselves: an older release's schema upgraded, first starts on an empty database",
};

/** What in `source` creates or migrates a database, one line each ("line N: what"); [] when nothing does. */
export function databaseCreations(source: string): string[] {
  const found: string[] = [];
  const lines = source.split("\n");
  lines.forEach((text, i) => {
    const at = (what: string) => found.push(`line ${i + 1}: ${what}`);
    if (/\bnew PGlite\s*\(/.test(text) || /\bPGlite\.create\s*\(/.test(text)) at("creates a PGlite cluster");
    if (/\bCREATE\s+DATABASE\b/i.test(text)) at("creates a Postgres database");
    if (/drizzle-orm\/[\w-]+\/migrator/.test(text)) at("imports a Drizzle migrator");
    if (/\bopenDatabase\s*\(/.test(text)) {
      // openDatabase migrates what it opens: allowed only as a second pool on a test database that already exists.
      const call = lines.slice(i, i + 3).join(" ");
      const url = /openDatabase\s*\(\s*\{\s*url:\s*([\w$.]+)/.exec(call)?.[1];
      if (!url || !/\.url$/.test(url))
        at("opens a new database with openDatabase (only a second pool on an existing test database's url may)");
    }
  });
  return found;
}

describe("test databases come from the template helper", () => {
  it.each([
    ["a PGlite cluster made in a test", `const db = new PGlite();`],
    ["PGlite.create", `const db = await PGlite.create({});`],
    ["a Postgres database made in a test", "await sql.unsafe(`CREATE DATABASE ${name}`);"],
    ["the migrator imported", `import { migrate } from "drizzle-orm/pglite/migrator";`],
    ["openDatabase on a new in-memory cluster", `const d = await openDatabase({ url: null, dataDir: null });`],
    ["openDatabase on a URL of the test's own making", `const d = await openDatabase({ url: myServerUrl, dataDir: null });`],
  ])("reports %s", (_what, source) => {
    expect(databaseCreations(source)).toHaveLength(1);
  });

  it.each([
    ["the helper's targets", `const database = await target.open();`],
    [
      "a second pool on a test database, as a second app instance",
      `const second = await openDatabase({ url: database.url, dataDir: null });`,
    ],
    [
      "a second pool split over lines",
      `const other = database.url\n  ? await openDatabase({\n      url: database.url, dataDir: null })\n  : null;`,
    ],
  ])("lets %s through", (_what, source) => {
    expect(databaseCreations(source)).toEqual([]);
  });

  it("no test file outside the helper creates or migrates a database", () => {
    const offences: string[] = [];
    const dirs = ["app", "components", "lib", "server", "sandbox", "scripts", "tests", "e2e"];
    for (const file of sourceFiles(ROOT, dirs, /\.(test|support)\.tsx?$|\.global\.ts$/)) {
      const rel = path.relative(ROOT, file);
      if (rel in ALLOWED) continue;
      for (const what of databaseCreations(fs.readFileSync(file, "utf8"))) offences.push(`${rel} ${what}`);
    }
    expect(offences).toEqual([]);
  });

  it("every allowed file still exists (a stale exception would hide nothing but mislead)", () => {
    for (const rel of Object.keys(ALLOWED)) expect(fs.existsSync(path.join(ROOT, rel)), rel).toBe(true);
  });
});
