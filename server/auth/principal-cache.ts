// The checked principal of a signed-in session, kept for a few seconds so that a page and its API calls do not
// each pay the session query (and the permission lookup) again. Only a usable principal is kept: every refusal
// (no session, ended, expired, disabled, a pending second factor) is decided again on every request.
// It is dropped, whole, as soon as anything that can end a session or change what it may do changes:
//   - in this process, when the change's statement is sent (server/db/query-observer.ts sees every write), so that
//     a sign-out's or a disable's very next request is refused;
//   - in every process, when it commits: triggers notify channel 'principal_changed' (migration 0023) and each
//     instance LISTENs. Until its LISTEN is in place an instance keeps nothing; when its listening connection
//     comes back after a drop, it drops everything (what it missed meanwhile lived at most PRINCIPAL_CACHE_MS).
// A read that began before a drop is not kept (the generation it began in is gone): it may hold the old state.
import type { Database } from "../db/client";
import { onTableWrite } from "../db/query-observer";
import type { PrincipalResult } from "./principal";

export const PRINCIPAL_CHANNEL = "principal_changed";
/** How long a checked principal is reused: a session's idle or absolute end may be noticed this much later. */
export const PRINCIPAL_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** Writes that change a cached principal; a new session and the once-a-minute touch change none. */
const AUTH_TABLES = new Set(["users", "sessions", "user_roles", "roles", "mfa_totp", "mfa_passkeys"]);
const NOT_A_CHANGE = [/^\s*insert\s+into\s+"sessions"/i, /^\s*update\s+"sessions"\s+set\s+"last_seen_at"\s*=\s*\$1\s+where/i];

export function changesPrincipals(table: string, sql: string): boolean {
  return AUTH_TABLES.has(table) && !NOT_A_CHANGE.some((re) => re.test(sql));
}

type Usable = Extract<PrincipalResult, { ok: true }>;

export interface PrincipalCache {
  /** The principal for this session cookie: kept, or resolved now (and kept when usable and nothing changed meanwhile). */
  get(cookie: string | undefined, resolve: () => Promise<PrincipalResult>): Promise<PrincipalResult>;
  /** Drop everything (a change was seen). */
  invalidate(): void;
  /** Start keeping principals: LISTEN on `database` (and, unless told not to, watch this process's own writes). */
  attach(database: Pick<Database, "listen">, opts?: { localWrites?: boolean }): Promise<void>;
  detach(): Promise<void>;
  readonly size: number;
}

export function createPrincipalCache(opts: { ttlMs?: number; now?: () => number } = {}): PrincipalCache {
  const ttlMs = opts.ttlMs ?? PRINCIPAL_CACHE_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { result: Usable; at: number }>();
  let generation = 0;
  let listening = false;
  const stops: Array<() => unknown> = [];

  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  return {
    async get(cookie, resolve) {
      if (!cookie || !listening) return resolve();
      const hit = entries.get(cookie);
      if (hit && now() - hit.at < ttlMs) return hit.result;
      const startedIn = generation;
      const result = await resolve();
      if (result.ok && listening && startedIn === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!); // the oldest
        entries.set(cookie, { result, at: now() });
      } else if (hit) entries.delete(cookie);
      return result;
    },
    invalidate,
    async attach(database, attachOpts = {}) {
      if (attachOpts.localWrites !== false) {
        stops.push(onTableWrite((table, sql) => changesPrincipals(table, sql) && invalidate()));
      }
      // onListen runs on every (re)subscription: whatever was missed while the connection was down is dropped.
      const unlisten = await database.listen(PRINCIPAL_CHANNEL, invalidate, invalidate);
      stops.push(unlisten);
      listening = true;
    },
    async detach() {
      listening = false;
      invalidate();
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
    get size() {
      return entries.size;
    },
  };
}
