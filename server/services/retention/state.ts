// The result of this process's last retention pass, for whoever reports on the process (a metrics endpoint):
// when it ran, how long it took, what it deleted, and whether it failed, was skipped (another instance held the
// lock) or was stopped part-way. Kept on globalThis so that every server bundle (pages, route handlers) that loads
// its own copy of this module reads the one the worker writes.
// No `import "server-only"`: it holds counts and times, nothing secret.
import type { RetentionCounts } from "./purge";

export interface RetentionPassState {
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  /** False when the pass failed; `error` says why. */
  ok: boolean;
  error: string | null;
  /** Another instance was purging: this one deleted nothing. */
  skipped: boolean;
  /** Stopped between two batches (the process was stopping): the rest is left for the next pass. */
  interrupted: boolean;
  /** Rows deleted, per rule (rules.ts), and in all. A failed pass counts what it deleted before failing. */
  deleted: RetentionCounts;
  total: number;
}

const KEY = Symbol.for("merchant-dashboard.retention-last-pass");
type Holder = { [KEY]?: RetentionPassState };

const copyOf = (s: RetentionPassState): RetentionPassState => ({
  ...s,
  startedAt: new Date(s.startedAt),
  finishedAt: new Date(s.finishedAt),
  deleted: { ...s.deleted },
});

export function recordRetentionPass(state: RetentionPassState): void {
  (globalThis as Holder)[KEY] = copyOf(state);
}

/** The last pass of this process, or null before its first one (a copy: the caller may keep or change it). */
export function lastRetentionPass(): RetentionPassState | null {
  const last = (globalThis as Holder)[KEY];
  return last ? copyOf(last) : null;
}

/** Forget the last pass (tests). */
export function resetRetentionPassState(): void {
  delete (globalThis as Holder)[KEY];
}
