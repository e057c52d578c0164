// Opens the dashboard's database: embedded PGlite (a directory, or memory for tests) when no URL is given,
// otherwise a Postgres server; applies the committed migrations before handing it out.
// No `import "server-only"`: scripts (benchmarks, user creation) open the database too. No secret lives here.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lockDataDir } from "./data-dir-lock";
import { notePoolSize, observeTransaction, observingLogger } from "./query-observer";
import { withReadRetry } from "./retry-reads";
import { inTransactionSpan } from "../telemetry/tracing";
import { attachStreamClient, STREAM_CONNECTIONS } from "./row-batches";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the app codes against; both drivers are PgDatabase underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` gets each payload; `onListen` runs each time the subscription is (re)made, so a
   * subscriber can drop what it may have missed while the connection was down. Resolves to the unsubscribe.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  /** The embedded database's whole cluster as a gzipped tar (a consistent copy: one process holds it). PGlite only. */
  dumpDataDir?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "server/db/migrations");

export interface OpenOptions {
  /** A postgres:// URL; null for the embedded database. */
  url: string | null;
  /** Directory of the embedded database; null keeps it in memory (tests). Ignored with a URL. */
  dataDir: string | null;
  /**
   * A role that owns the tables, used only to apply the migrations (DATABASE_MIGRATION_URL); null: `url` migrates.
   * The role of `url` then needs no more than the rights the app uses (least privilege for the audit tables).
   */
  migrationUrl?: string | null;
  /** Connections in the Postgres pool. */
  poolSize?: number;
  /**
   * The embedded database starts from this dump (`PGlite.dumpDataDir()`) instead of an empty cluster: the tests'
   * migrated template, copied per test file. The migrations still run and find nothing to apply.
   */
  pgliteTemplate?: Blob;
  /** The migrations to apply; the committed ones unless a test upgrades from an older release's journal. */
  migrationsFolder?: string;
}

/**
 * pg_advisory_lock key of the migrations: instances that start together on one database take turns, so exactly one
 * applies what is new and the others find nothing left to do. Without it, two first starts on an empty database
 * both created Drizzle's bookkeeping table, and the loser failed with 23505 on pg_type_typname_nsp_index.
 * Any fixed 64-bit number would do; this one spells nothing and collides with nothing in this schema.
 */
/** The embedded database's extensions: trigram indexes for search from anywhere (migration 0032). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const MIGRATION_LOCK_KEY = 7_135_201_104_027n;

/**
 * Applies the migrations to a Postgres database while holding the migration lock. The lock lives on a connection
 * of its own, so it works whatever the pool's size, and ends with that connection if this process dies mid-way.
 */
async function migratePostgresLocked(url: string, db: Parameters<typeof migratePostgres>[0], migrationsFolder: string): Promise<void> {
  const lockClient = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    await migratePostgres(db, { migrationsFolder });
    await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
  } finally {
    await lockClient.end({ timeout: 5 });
  }
}

/**
 * Every statement and transaction goes past the query observer (round-trip counts, local write signals), and each
 * transaction is a trace span when tracing is on (its statements are the span's events).
 */
function observed(db: Db, kind: "postgres" | "pglite"): Db {
  const transaction = db.transaction.bind(db);
  const system = kind === "postgres" ? "postgresql" : "pglite";
  db.transaction = ((fn, config) =>
    inTransactionSpan(system, () =>
      observeTransaction((holding) =>
        transaction((tx) => {
          holding();
          return fn(tx);
        }, config),
      ),
    )) as Db["transaction"];
  return db;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const poolSize = opts.poolSize ?? 10;
    const sqlClient = postgres(opts.url, { max: poolSize, onnotice: () => {}, connect_timeout: 10 });
    const db = drizzlePostgres({ client: withReadRetry(sqlClient), schema, logger: observingLogger });
    if (opts.migrationUrl) {
      const ownerClient = postgres(opts.migrationUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await migratePostgresLocked(
          opts.migrationUrl,
          drizzlePostgres({ client: ownerClient, schema }),
          opts.migrationsFolder ?? MIGRATIONS_FOLDER,
        );
      } finally {
        await ownerClient.end({ timeout: 5 });
      }
    } else {
      await migratePostgresLocked(opts.url, db, opts.migrationsFolder ?? MIGRATIONS_FOLDER);
    }
    // Downloads read through a pool of their own (row-batches.ts): they never take the requests' connections.
    // postgres.js connects on first use, so a process that exports nothing opens none of them.
    const streamClient = postgres(opts.url, { max: STREAM_CONNECTIONS, onnotice: () => {}, connect_timeout: 10 });
    const handle = observed(db as Db, "postgres");
    attachStreamClient(handle, streamClient);
    notePoolSize(poolSize);
    return {
      db: handle,
      kind: "postgres",
      close: async () => {
        await Promise.all([sqlClient.end({ timeout: 5 }), streamClient.end({ timeout: 5 })]);
      },
      async listen(channel, onNotify, onListen) {
        // postgres.js keeps one connection for its listeners and re-subscribes (calling onListen) after a reconnect.
        const sub = await sqlClient.listen(channel, onNotify, onListen);
        return () => sub.unlisten();
      },
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // One process per embedded database (data-dir-lock.ts): taken before PGlite reads a byte of it.
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite;
  let db: ReturnType<typeof drizzlePglite<Schema>>;
  try {
    client = opts.dataDir
      ? new PGlite(path.join(opts.dataDir, "pglite"), { loadDataDir: opts.pgliteTemplate, extensions: PGLITE_EXTENSIONS })
      : new PGlite({ loadDataDir: opts.pgliteTemplate, extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    db = drizzlePglite({ client, schema, logger: observingLogger });
    await migratePglite(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_FOLDER });
  } catch (e) {
    unlock();
    throw e;
  }
  notePoolSize(1); // one embedded database, one connection: its transactions take turns
  return {
    db: observed(db as Db, "pglite"),
    kind: "pglite",
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dumpDataDir: () => client.dumpDataDir("gzip"),
    async listen(channel, onNotify, onListen) {
      // One process, one connection: the subscription cannot drop, so onListen runs once.
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return unlisten;
    },
  };
}
