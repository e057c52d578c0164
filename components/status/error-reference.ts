// The reference an error page shows: Next's digest of an error from the server, which the server logs with it
// (instrumentation.ts, `page.unhandled_error`). Never the error's message: it may hold internal details.
export function errorReference(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("digest" in error)) return null;
  const digest = (error as { digest?: unknown }).digest;
  return typeof digest === "string" && /^[\w-]{1,64}$/.test(digest) ? digest : null;
}
