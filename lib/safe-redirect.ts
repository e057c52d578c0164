// Where to go after sign-in: only a path of the dashboard's own origin, never another site (open redirect).
// Browser-safe: the login page computes it on the server with APP_URL, the form again with its own origin.
export const DEFAULT_AFTER_SIGN_IN = "/overview";

// C0 controls, DEL and C1 controls: a URL parser drops some of them silently ("/\t/evil" becomes "//evil").
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `next` as a same-origin path (pathname + search + hash) of `appUrl`, or the default. Refused: anything that is
 * not a path starting with one "/", control characters, backslashes, and whatever resolves to another origin.
 */
export function safeRedirectPath(next: string | null | undefined, appUrl: string): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || CONTROL.test(next) || next.includes("\\")) return DEFAULT_AFTER_SIGN_IN;
  let base: URL;
  let target: URL;
  try {
    base = new URL(appUrl);
    target = new URL(next, base);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (target.origin !== base.origin) return DEFAULT_AFTER_SIGN_IN;
  const path = target.pathname + target.search + target.hash;
  // A path that still reads as protocol-relative once resolved (e.g. "/.//evil" normalised) is refused too.
  return path.startsWith("//") || path.includes("\\") ? DEFAULT_AFTER_SIGN_IN : path;
}
