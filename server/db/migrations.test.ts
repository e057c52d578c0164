// Rules guarded (operators upgrading and scaling out): a database migrated by an earlier release (the main line at
// 0add7e8, and at b46b754 with payments booked in it) upgrades to this one without an error, and the figures the
// upgrade adds (the ledger's rollup) count what the database already held; instances that start together on one fresh PostgreSQL database all come up (one migrates,
// the others wait for it under the migration lock); and a released migration never moves in the journal, because
// Drizzle applies every migration newer than the last one it recorded: a migration given a later timestamp runs again
// on every database that already has it.
// Makes its own databases on purpose (an empty one, then an older release's schema): allowed in
// tests/lint/test-databases.test.ts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { withAdmin } from "../../tests/support/db-template.global";
import { MIGRATIONS_FOLDER, openDatabase, type Database } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import { rawRows } from "./raw-rows";

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
interface Journal {
  entries: JournalEntry[];
}

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as Journal;

/**
 * Every migration released so far, with the timestamp it was released with. Append new ones; never edit a line.
 * 0022 and 0023 are the pair that broke upgrades once: 0023 first shipped as the 23rd entry with `when`
 * 1795526655498, then 0022 was put before it and 0023 got a later timestamp (see OLD_RELEASE below).
 */
const RELEASED: Array<[string, number]> = [
  ["0000_init", 1795263675071],
  ["0001_identity_and_audit", 1795263808625],
  ["0002_audit_append_only", 1795263809550],
  ["0003_ledger", 1795264872166],
  ["0004_payer_ip", 1795265032809],
  ["0005_list_indexes", 1795266288563],
  ["0006_role_gateway_id", 1795266768874],
  ["0007_password_tokens", 1795267146140],
  ["0008_payment_links", 1795270001001],
  ["0009_billing_plans", 1795273337251],
  ["0010_payer_address", 1795276613227],
  ["0011_three_ds_views", 1795279645069],
  ["0012_admin_plane_shared", 1795468209230],
  ["0013_admin_plane", 1795471675525],
  ["0014_call_purpose", 1795489907412],
  ["0015_payment_link_cancel", 1795494665427],
  ["0016_ledger_rollup", 1795501959621],
  ["0017_ledger_rollup_triggers", 1795502104277],
  ["0018_ledger_rollup_daily", 1795503131031],
  ["0019_report_schedules", 1795504904161],
  ["0020_ledger_brand_key", 1795507660509],
  ["0021_user_ui_prefs", 1795513464526],
  ["0022_gateway_notifications_failed_idx", 1795529193161],
  ["0023_principal_changed_notify", 1795529194161],
  ["0024_report_recipient_approval", 1796253060954],
  ["0025_audit_chain_keys", 1796287932629],
  ["0026_inactive_accounts", 1796288965531],
  ["0027_mfa_throttle_scopes_enrolment_links", 1796289503617],
  ["0028_ui_time_zone", 1796318804844],
  ["0029_payment_intent", 1796323344777],
];

/** A copy of today's migrations folder under the journal an earlier release shipped (its SQL files are today's). */
function releaseFolder(release: string, entriesOf: (entries: JournalEntry[]) => JournalEntry[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-${release}-`));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const entries = entriesOf(journal.entries).map((e, idx) => ({ ...e, idx }));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

/** The main line at 0add7e8: migrations up to 0023, but no 0022 yet, and 0023 with its first timestamp. */
const release0add7e8 = () =>
  releaseFolder("0add7e8", (entries) =>
    entries
      .slice(0, RELEASED.findIndex(([tag]) => tag === "0023_principal_changed_notify") + 1)
      .filter((e) => e.tag !== "0022_gateway_notifications_failed_idx")
      .map((e) => (e.tag === "0023_principal_changed_notify" ? { ...e, when: 1795526655498 } : e)),
  );

/**
 * The main line at b46b754 (customers and payment links, before the ledger's rollup): migrations 0000 to 0015, whose
 * SQL files have not changed since (`git diff b46b754 -- server/db/migrations/00{00..15}_*.sql` is empty).
 */
const releaseB46b754 = () =>
  releaseFolder("b46b754", (entries) =>
    entries.slice(
      0,
      RELEASED.findIndex(([tag]) => tag === "0016_ledger_rollup"),
    ),
  );

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A new empty database on the test Postgres server (dropped after the file), or null without a server. */
async function emptyPostgresDatabase(): Promise<string | null> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) return null;
  const name = `mig_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(adminUrl, (s) => s.unsafe(`CREATE DATABASE ${name}`));
  cleanups.push(() => withAdmin(adminUrl, (s) => s.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function count(database: Database, query: SQL): Promise<number> {
  return Number(rawRows<{ n: number }>(await database.db.execute(query))[0]?.n);
}

/** The principal-cache triggers of 0023: six, whether it ran once or (on an upgraded database) twice. */
const triggerCount = (database: Database) =>
  count(database, sql`select count(*)::int as n from pg_trigger where tgname like '%principal_changed' and not tgisinternal`);

const hasIndex = async (database: Database, name: string) =>
  (await count(database, sql`select count(*)::int as n from pg_indexes where indexname = ${name}`)) === 1;

describe("the migrations journal", () => {
  it("keeps every released migration where and when it was released (a moved one runs again on upgrade)", () => {
    const released = journal.entries.slice(0, RELEASED.length).map((e) => [e.tag, e.when]);
    expect(released).toEqual(RELEASED);
  });

  it("numbers migrations in the order of their timestamps, each newer than the one before", () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, "0") + "_")).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });
});

describe("upgrading a database an earlier release migrated", () => {
  const targets: Array<[string, () => Promise<{ url: string | null; dataDir: string | null } | null>]> = [
    [
      "pglite",
      async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-pglite-"));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        return { url: null, dataDir };
      },
    ],
    [
      "postgres",
      async () => {
        const url = await emptyPostgresDatabase();
        return url ? { url, dataDir: null } : null;
      },
    ],
  ];

  const UPGRADE_TIMEOUT_MS = 120_000;

  it.each(targets)(
    "%s: the release before 0022 was placed ahead of 0023 upgrades to this one",
    async (_name, make) => {
      const where = await make();
      if (!where) return; // no TEST_POSTGRES_URL: PGlite alone
      const oldFolder = release0add7e8();
      cleanups.push(async () => fs.rmSync(oldFolder, { recursive: true, force: true }));

      const old = await openDatabase({ ...where, poolSize: 2, migrationsFolder: oldFolder });
      expect(await hasIndex(old, "gateway_notifications_failed_idx")).toBe(false);
      expect(await triggerCount(old)).toBe(6);
      await old.close();

      const upgraded = await openDatabase({ ...where, poolSize: 2 });
      try {
        // While it is open, nobody else may open the same embedded database (data-dir-lock.ts).
        if (where.dataDir) await expect(openDatabase(where)).rejects.toThrow(DataDirLockedError);
        expect(await hasIndex(upgraded, "gateway_notifications_failed_idx")).toBe(true);
        expect(await triggerCount(upgraded)).toBe(6);
      } finally {
        await upgraded.close();
      }
    },
    UPGRADE_TIMEOUT_MS,
  );

  it.each(targets)(
    "%s: a database the b46b754 release made, payments in it, upgrades; the new rollup counts the payments it already held",
    async (_name, make) => {
      const where = await make();
      if (!where) return;
      const oldFolder = releaseB46b754();
      cleanups.push(async () => fs.rmSync(oldFolder, { recursive: true, force: true }));

      const old = await openDatabase({ ...where, poolSize: 2, migrationsFolder: oldFolder });
      expect(await count(old, sql`select count(*)::int as n from information_schema.tables where table_name = 'ledger_rollup'`)).toBe(0);
      // What that release booked, in its own columns: a captured sale, a sale refunded in part at the gateway, a decline.
      await old.db.execute(sql`insert into payments
          (order_id, kind, status, currency, amount_minor, authorized_minor, captured_minor, refunded_minor, card_brand, created_at)
        values
          ('upgrade-1', 'sale', 'captured', 'SAR', 10000, 10000, 10000, 0, 'VISA', '2026-11-20T10:15:00Z'),
          ('upgrade-2', 'sale', 'partially_refunded', 'SAR', 10000, 10000, 10000, 2500, 'MADA', '2026-11-20T10:40:00Z'),
          ('upgrade-3', 'sale', 'declined', 'SAR', 5000, 0, 0, 0, 'VISA', '2026-11-20T11:05:00Z')`);
      await old.close();

      const upgraded = await openDatabase({ ...where, poolSize: 2 });
      try {
        const totals = async () =>
          rawRows<Record<string, number>>(
            await upgraded.db.execute(sql`select sum(attempts)::int as attempts, sum(approved)::int as approved,
              sum(declines)::int as declines, sum(declined_minor)::int as declined_minor, sum(sales)::int as sales,
              sum(sales_minor)::int as sales_minor, sum(refunds)::int as refunds, sum(refunds_minor)::int as refunds_minor
              from ledger_rollup where currency = 'SAR'`),
          )[0];
        expect(await totals()).toEqual({
          attempts: 3,
          approved: 2,
          declines: 1,
          declined_minor: 5000,
          sales: 2,
          sales_minor: 20000,
          refunds: 1,
          refunds_minor: 2500,
        });
        // The triggers the upgrade installed keep it current: a payment booked after the upgrade is counted at once.
        await upgraded.db.execute(sql`insert into payments
            (order_id, kind, status, currency, amount_minor, authorized_minor, captured_minor, refunded_minor, card_brand)
          values ('upgrade-4', 'sale', 'captured', 'SAR', 700, 700, 700, 0, 'VISA')`);
        expect(await totals()).toMatchObject({ attempts: 4, approved: 3, sales: 3, sales_minor: 20700 });
        expect(await hasIndex(upgraded, "gateway_notifications_failed_idx")).toBe(true);
        expect(await triggerCount(upgraded)).toBe(6);
      } finally {
        await upgraded.close();
      }
    },
    // Two embedded databases built migration by migration (the old release's, then the upgrade): 24 s on PGlite when
    // the machine is busy, and it failed once at the suite's 30 s limit while a second suite ran beside it. A limit,
    // not a measure: what is asserted is the upgrade's result, however long the engine takes to get there.
    UPGRADE_TIMEOUT_MS,
  );
});

describe("instances starting together on one fresh PostgreSQL database", () => {
  it("all come up: one applies the migrations, the others wait for it under the lock", async () => {
    const url = await emptyPostgresDatabase();
    if (!url) return; // the lock is PostgreSQL's; the embedded database has one process by design
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url, dataDir: null, poolSize: 1 })));
    try {
      for (const instance of instances) expect(await hasIndex(instance, "gateway_notifications_failed_idx")).toBe(true);
      // Each migration recorded once: nobody applied them a second time after waiting for the lock.
      expect(await count(instances[0]!, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
  });
});

describe("npm run db:migrate (the deploy step before new instances start)", () => {
  const SPAWN_TIMEOUT_MS = 120_000;
  const script = path.resolve(__dirname, "../../scripts/db-migrate.ts");
  const tsx = path.resolve(__dirname, "../../node_modules/.bin/tsx");
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(tsx, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d));
      child.stderr.on("data", (d: Buffer) => (out += d));
      child.on("exit", (code) => resolve({ code, out }));
    });

  // Each run is a new tsx process that compiles the script and applies every migration: 13 s for the two runs alone,
  // 30.5 s (over the suite's 30 s limit) with a fresh-clone run and a browser run sharing the two cores. A limit, not
  // a measure: what is asserted is each run's exit code and words.
  it(
    "migrates an empty PostgreSQL database, says how many migrations it holds, and a second run changes nothing",
    async () => {
      const url = await emptyPostgresDatabase();
      if (!url) return;
      const first = await run({ DATABASE_URL: url });
      expect(first.out).toContain(`${journal.entries.length} recorded`);
      expect(first.code).toBe(0);
      const second = await run({ DATABASE_URL: url });
      expect(second.out).toContain(`${journal.entries.length} recorded`);
      expect(second.code).toBe(0);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    "exits 1 with the reason, and no credentials, when the database cannot be reached",
    async () => {
      const result = await run({ DATABASE_URL: "postgres://dashboard:s3cret-password@127.0.0.1:1/nowhere" });
      expect(result.code).toBe(1);
      expect(result.out).toContain("Migrating PostgreSQL at 127.0.0.1:1 failed");
      expect(result.out).not.toContain("s3cret-password");
    },
    SPAWN_TIMEOUT_MS,
  );
});
