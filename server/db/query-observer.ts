// Sees every statement the app sends through Drizzle, on both drivers, for two uses:
//   - countQueries(fn): the database round trips and commits one piece of work costs (its own async context only,
//     so background workers running meanwhile are not counted). Unit tests pin the hot paths' figures with it, so
//     that an extra query on a request fails a test rather than a benchmark.
//   - onTableWrite(): this process wrote to a table (the principal cache drops what it holds when the session or
//     user tables change here, before the cross-instance notification arrives).
//   - databaseActivity(): the process's transactions holding a connection and waiting for one, the time they waited,
//     and the statements sent, for the metrics (server/metrics/). The drivers give no pool statistics of their own
//     (postgres.js has no public API for them), so these are the app's own counts, taken where they can be exact: a
//     top-level transaction asks the pool for a connection of its own, and its callback starts once it holds one and
//     BEGIN has answered. A statement sent outside a transaction is pipelined on any connection, and its end is not
//     seen (the Drizzle logger is called before it is sent): those are counted, not timed.
// Installed by openDatabase() as the Drizzle logger, and around db.transaction() (BEGIN and COMMIT are sent by the
// driver, not through the logger). No `import "server-only"`: scripts open the database too. No secret lives here.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import { recordStatement } from "../telemetry/tracing";

export interface QueryCount {
  /** Statements sent (selects, inserts, updates, savepoints …), BEGIN and COMMIT not included. */
  statements: number;
  /** Top-level transactions opened (db.transaction). */
  transactions: number;
  /** Round trips to the database: every statement, plus BEGIN and COMMIT of each transaction. */
  roundTrips: number;
  /** Commits that made a write durable: each transaction, and each write sent outside one (autocommit). */
  commits: number;
  /** The statements' SQL, in order (for a failing test's message). */
  sql: string[];
}

interface Scope {
  count: QueryCount;
  inTransaction: boolean;
}

/** What the process holds, waits for and has sent to the database, in any async context: the metrics' figures. */
export interface DatabaseActivity {
  /** Top-level transactions holding their connection (BEGIN answered) and not ended yet. */
  openTransactions: number;
  /** Top-level transactions asked for and not yet holding a connection: waiting for the pool, or for BEGIN's answer. */
  waitingTransactions: number;
  /** Top-level transactions that got their connection, and the seconds they waited for it, summed. */
  transactionsStarted: number;
  transactionWaitSeconds: number;
  /** The connections the requests' pool may open (PostgreSQL's `max`; 1 for PGlite): what the two above share. */
  poolSize: number;
  /** Statements sent since the process started. */
  statements: number;
}

/** Every figure, each read by `read`: the store starts them at 0, and databaseActivity() copies them out. */
const activityOf = (read: (figure: keyof DatabaseActivity) => number): DatabaseActivity => ({
  openTransactions: read("openTransactions"),
  waitingTransactions: read("waitingTransactions"),
  transactionsStarted: read("transactionsStarted"),
  transactionWaitSeconds: read("transactionWaitSeconds"),
  poolSize: read("poolSize"),
  statements: read("statements"),
});

// One store on globalThis: the server's bundles (pages, route handlers) may each load their own copy of this module.
const KEY = Symbol.for("merchant-dashboard.query-observer");
interface ObserverState extends DatabaseActivity {
  scopes: AsyncLocalStorage<Scope>;
  writeListeners: Set<(table: string, sql: string) => void>;
}
type Holder = { [KEY]?: ObserverState };
const state: ObserverState = ((globalThis as Holder)[KEY] ??= {
  scopes: new AsyncLocalStorage<Scope>(),
  writeListeners: new Set(),
  ...activityOf(() => 0),
});
// A store made by an older copy of this module (a dev reload across this change) lacks some figures.
activityOf((f) => (state[f] ??= 0));

const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** Runs `fn` and returns what it cost the database (statements sent from its own async context). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: QueryCount }> {
  const scope: Scope = { count: { statements: 0, transactions: 0, roundTrips: 0, commits: 0, sql: [] }, inTransaction: false };
  const result = await state.scopes.run(scope, fn);
  return { result, count: scope.count };
}

/** Calls `listener` with the table's name (and the statement) whenever this process sends an insert, update or delete. */
export function onTableWrite(listener: (table: string, sql: string) => void): () => void {
  state.writeListeners.add(listener);
  return () => state.writeListeners.delete(listener);
}

/** What the process holds, waits for and has sent (whichever async context it came from): the metrics' figures. */
export function databaseActivity(): DatabaseActivity {
  return activityOf((f) => state[f]);
}

/** The requests' pool size, noted by openDatabase() (a process serves from one database; the last opened is it). */
export function notePoolSize(connections: number): void {
  state.poolSize = connections;
}

/** The Drizzle logger that feeds them: called synchronously, in the caller's async context, for every statement. */
export const observingLogger: Logger = {
  logQuery(query: string) {
    state.statements += 1;
    recordStatement(query); // an event on the active trace span, when tracing is on (its text, never its params)
    const write = WRITE.exec(query);
    if (write) for (const listener of state.writeListeners) listener(write[1]!.toLowerCase(), query);
    const scope = state.scopes.getStore();
    if (!scope) return;
    scope.count.statements += 1;
    scope.count.roundTrips += 1;
    if (write && !scope.inTransaction) scope.count.commits += 1;
    scope.count.sql.push(query);
  },
};

/**
 * Wraps a top-level transaction: counts its BEGIN and COMMIT, marks its statements as inside it, and tells waiting
 * from holding. `run` starts the driver's transaction and calls `holding()` first thing in its callback, which the
 * driver calls once the transaction has its own connection and BEGIN has answered.
 */
export function observeTransaction<T>(run: (holding: () => void) => Promise<T>): Promise<T> {
  const askedAt = performance.now();
  let held = false;
  state.waitingTransactions += 1;
  const holding = () => {
    if (held) return;
    held = true;
    state.waitingTransactions -= 1;
    state.openTransactions += 1;
    state.transactionsStarted += 1;
    state.transactionWaitSeconds += (performance.now() - askedAt) / 1000;
  };
  const ended = () => {
    if (held) state.openTransactions -= 1;
    else state.waitingTransactions -= 1; // BEGIN failed, or the connection never came
  };
  let running: Promise<T>;
  try {
    running = countedTransaction(() => run(holding));
  } catch (e) {
    ended();
    throw e;
  }
  return running.finally(ended);
}

function countedTransaction<T>(run: () => Promise<T>): Promise<T> {
  const scope = state.scopes.getStore();
  if (!scope) return run();
  scope.count.transactions += 1;
  scope.count.roundTrips += 2;
  scope.count.commits += 1;
  // The transaction's statements run in a child scope sharing the count, so that parallel work outside the
  // transaction (Promise.all) is still counted as autocommit.
  return state.scopes.run({ count: scope.count, inTransaction: true }, run);
}

/** Runs `fn` outside any countQueries scope: work done behind a request (written later) is not the request's. */
export function uncounted<T>(fn: () => T): T {
  return state.scopes.exit(fn);
}
