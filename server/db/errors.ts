// Database errors the app reacts to, recognised the same way on both drivers (postgres.js and PGlite put the
// SQLSTATE on the error or on its `cause`, as Drizzle wraps it). No `import "server-only"`: scripts use it too.

const UNIQUE_VIOLATION = "23505";

/** A unique constraint refused the write (a duplicate order id, e-mail, idempotency key …). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  if (err?.code === UNIQUE_VIOLATION || err?.cause?.code === UNIQUE_VIOLATION) return true;
  return /duplicate key|unique constraint/i.test(`${String(e)} ${String(err?.cause ?? "")}`);
}
