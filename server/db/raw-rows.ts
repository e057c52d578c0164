// The rows of a raw `db.execute(sql…)`: postgres-js answers an array, PGlite an object holding `rows`.
// No `import "server-only"`: scripts (the benchmarks) read raw queries too; it holds no secret.
export function rawRows<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
