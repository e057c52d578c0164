// A read that draws a pooled connection the server has ended is tried once more, on a fresh connection; a write
// never is. After a PostgreSQL restart or failover (or pg_terminate_backend), postgres.js hands out a connection
// whose backend is gone, and, when the kill landed during a query, it even replays that old backend's
// "57P01 terminating connection" onto the next query of the reconnected connection (a known driver bug). Without
// this, the first request on each such connection answered 503 and the next one worked. What is retried:
// - a statement outside a transaction that only reads: it starts with SELECT and calls none of the functions
//   below that act (a notification, a sequence, a lock), so running it twice changes nothing;
// - a transaction whose BEGIN failed that way before its body ran: nothing of it reached the database.
// Anything else fails as before (the route answers 503 and the caller may try again).
import type { Sql } from "postgres";
import { logger } from "../log/logger";

/** The connection was ended under the query: the backend was terminated, or the socket closed or reset. */
const ENDED_CODES = new Set(["57P01", "57P02", "57P03", "CONNECTION_CLOSED", "ECONNRESET", "EPIPE"]);
const ACTING_FUNCTIONS =
  /\b(pg_notify|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|pg_terminate_backend|pg_cancel_backend|set_config)\s*\(/i;

export function isEndedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && ENDED_CODES.has(code);
}

export function isRetryableRead(query: string): boolean {
  return /^\s*select\b/i.test(query) && !/\bfor\s+(no\s+key\s+)?(update|share)\b/i.test(query) && !ACTING_FUNCTIONS.test(query);
}

type UnsafeArgs = Parameters<Sql["unsafe"]>;
type Pending = ReturnType<Sql["unsafe"]>;

/**
 * The query of `unsafe(...)` as Drizzle uses it (awaited, or `.values()` then awaited), run again once when the
 * connection was ended under it. Any other use of the query object (a cursor, a stream) gets the query itself.
 */
function retryingQuery(target: Sql, args: UnsafeArgs): Pending {
  let first: Pending | null = null;
  const make = () => target.unsafe(...args);
  const once = () => (first ??= make());
  const attempt = (values: boolean): Promise<unknown> =>
    Promise.resolve(values ? once().values() : once()).catch((error: unknown) => {
      if (!isEndedConnection(error)) throw error;
      logger.warn("db.read_retried", { code: (error as { code: string }).code });
      const again = make();
      return values ? again.values() : again;
    });
  const facade = {
    values: () => attempt(true),
    then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => attempt(false).then(ok, fail),
    catch: (fail?: (e: unknown) => unknown) => attempt(false).catch(fail),
    finally: (done?: () => void) => attempt(false).finally(done),
  };
  return new Proxy(facade, {
    get(f, prop) {
      if (prop === "then" || prop === "values" || prop === "catch" || prop === "finally") return f[prop];
      const q = once() as unknown as Record<string | symbol, unknown>;
      const value = q[prop];
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(q) : value;
    },
  }) as unknown as Pending;
}

/** The pool as Drizzle sees it: the same client, with the retries above on its plain reads and its BEGINs. */
export function withReadRetry(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (...args: UnsafeArgs) => (isRetryableRead(args[0]) ? retryingQuery(target, args) : target.unsafe(...args));
      }
      if (prop === "begin") {
        return async (...args: unknown[]) => {
          const body = args[args.length - 1] as (tx: unknown) => unknown;
          const head = args.slice(0, -1);
          let entered = false;
          const guarded = (tx: unknown) => ((entered = true), body(tx));
          const begin = target.begin as (...a: unknown[]) => Promise<unknown>;
          try {
            return await begin(...head, guarded);
          } catch (error) {
            if (entered || !isEndedConnection(error)) throw error;
            logger.warn("db.begin_retried", { code: (error as { code: string }).code });
            return begin(...head, guarded);
          }
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}
