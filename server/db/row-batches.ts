// Reads for exports that run to a million rows: rows as arrays of column values (no object per row, no Drizzle
// row mapping), straight from the driver under the Drizzle handle. The query is built with Drizzle and run raw, so
// its columns must come out as types both drivers return without a custom parser (text, float8).
// No `import "server-only"`: the ledger benchmark reads through it too; it holds no secret.
import type { Sql } from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./client";

/** A query as Drizzle's `.toSQL()` gives it: text with $n placeholders and its parameters, already encoded. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

export type RowArray = unknown[];

/**
 * The next batch (empty at the end) and a close that releases what the read holds, safe to call at any time.
 * A batch is the caller's until it asks for the next one: then it is emptied (see `release`).
 */
export interface RowBatches {
  next(): Promise<RowArray[]>;
  close(): Promise<void>;
}

/**
 * Empties a consumed batch. Measured (#17): postgres.js's batch arrays stay reachable from promises and closures
 * that have already moved to V8's old space, so every row survived the young-generation collections and was
 * promoted: the old space grew by tens of MB per pass until a full collection. Emptying the array cuts that
 * link; the rows die young (a million-row read: heap growth 33 → 8.5 MB).
 */
function release(batch: RowArray[] | null): void {
  if (batch) batch.length = 0;
}

type Client = { kind: "postgres"; sql: Sql } | { kind: "pglite"; pglite: PGlite };

function clientOf(db: Db): Client {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (typeof client === "function" && typeof (client as Partial<Sql>).unsafe === "function")
    return { kind: "postgres", sql: client as Sql };
  if (client && typeof (client as Partial<PGlite>).query === "function") return { kind: "pglite", pglite: client as PGlite };
  throw new Error("row-batches: the database handle has neither a postgres.js nor a PGlite client");
}

/**
 * Connections kept apart for downloads. A cursor holds its connection, and its snapshot, for the whole download
 * (seconds for a million rows, as long as the client takes to read them); on the request pool, ten slow downloads
 * would take all of it and every page would wait. Downloads beyond these wait for one to end; the app never does.
 */
export const STREAM_CONNECTIONS = 3;

const streamClients = new WeakMap<Db, Sql>();

/** The small pool the database's long reads use (openDatabase attaches it to a PostgreSQL handle). */
export function attachStreamClient(db: Db, sql: Sql): void {
  streamClients.set(db, sql);
}

/** Whether `cursorBatches` can stream this database through a server-side cursor (PostgreSQL). */
export function supportsCursor(db: Db): boolean {
  return clientOf(db).kind === "postgres";
}

/**
 * One query read through a PostgreSQL cursor, `batchSize` rows per `next()`, fetched only when asked
 * (postgres.js `.values().cursor(n)`: one Execute per batch on a connection the read holds until it ends or is
 * closed; the rows come from one snapshot). The connection is one of the stream pool's (STREAM_CONNECTIONS).
 */
export function cursorBatches(db: Db, query: BuiltQuery, batchSize: number): RowBatches {
  const client = clientOf(db);
  if (client.kind !== "postgres") throw new Error("cursorBatches: PostgreSQL only");
  const iterator = (streamClients.get(db) ?? client.sql)
    .unsafe(query.sql, query.params as never[])
    .values()
    .cursor(batchSize)
    [Symbol.asyncIterator]();
  let finished = false;
  let previous: RowArray[] | null = null;
  return {
    async next() {
      release(previous);
      previous = null;
      if (finished) return [];
      const step = await iterator.next();
      if (step.done) {
        finished = true;
        return [];
      }
      return (previous = step.value as unknown as RowArray[]);
    },
    async close() {
      release(previous);
      previous = null;
      if (finished) return;
      finished = true;
      // Closes the portal and ends the implicit transaction; the connection goes back to the pool.
      await iterator.return?.();
    },
  };
}

/**
 * Keyset batches over `queryRowArrays`: `query(after)` builds the batch after the last row of the previous one
 * (null for the first); the batch ends the read when it is shorter than `batchSize`.
 */
export function keysetBatches(db: Db, query: (last: RowArray | null) => BuiltQuery, batchSize: number): RowBatches {
  let last: RowArray | null = null;
  let finished = false;
  let previous: RowArray[] | null = null;
  return {
    async next() {
      release(previous);
      previous = null;
      if (finished) return [];
      const rows = await queryRowArrays(db, query(last));
      last = rows.at(-1) ?? last;
      if (rows.length < batchSize) finished = true;
      return (previous = rows);
    },
    async close() {
      release(previous);
      previous = null;
      finished = true;
    },
  };
}

/** One query's rows as arrays, on either driver (the keyset batches of the embedded database). */
export async function queryRowArrays(db: Db, query: BuiltQuery): Promise<RowArray[]> {
  const client = clientOf(db);
  if (client.kind === "postgres") return (await client.sql.unsafe(query.sql, query.params as never[]).values()) as unknown as RowArray[];
  const result = await client.pglite.query<RowArray>(query.sql, query.params, { rowMode: "array" });
  return result.rows;
}
