// The Chromium every browser test, the JS budget and Lighthouse use: Debian's, never a downloaded one.
// Playwright runs its tests headless, and the browser built for that alone is Debian's chromium-headless-shell (the
// same Chromium version as the chromium package, without the desktop browser's UI). Under the full browser, headless
// still started a WebUI renderer for the top chrome that burned about half a core on this 2-core machine; the same 4
// specs (26 tests) took 321 s of wall time and 66 s of CPU through the full binary, 241 s and 38 s through the headless
// shell. So the headless shell is preferred when it is installed, then Debian's binary (/usr/lib/chromium/chromium,
// which ran 11 % leaner than the /usr/bin/chromium wrapper: the wrapper adds a desktop user's GPU rasterisation),
// then the wrapper (another distribution), and CHROMIUM_PATH overrides them all.
// Lighthouse keeps the wrapper (lighthouseChromiumPath): it needs the full browser's --headless=new, and through the
// binary alone it failed to record a page load (NO_NAVSTART) 2 and 3 times in a dozen runs here, through the wrapper
// not once in as many (a failed recording is tried again, 4 times).
import fs from "node:fs";

export const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const DEBIAN_CHROMIUM_BINARY = "/usr/lib/chromium/chromium";
export const DEBIAN_CHROMIUM_WRAPPER = "/usr/bin/chromium";

type Env = Record<string, string | undefined>;
type Exists = (p: string) => boolean;

/** The full browser: CHROMIUM_PATH, else Debian's binary, else its wrapper. */
function fullChromiumPath(env: Env, exists: Exists): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM_BINARY) ? DEBIAN_CHROMIUM_BINARY : DEBIAN_CHROMIUM_WRAPPER;
}

/** The Chromium Playwright launches (always headless): CHROMIUM_PATH, else the headless shell, else the full browser. */
export function chromiumPath(env: Env = process.env, exists: Exists = fs.existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : fullChromiumPath(env, exists);
}

/** The Chromium Lighthouse drives: CHROMIUM_PATH, else Debian's wrapper when present, else the full binary. */
export function lighthouseChromiumPath(env: Env = process.env, exists: Exists = fs.existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM_WRAPPER) ? DEBIAN_CHROMIUM_WRAPPER : fullChromiumPath(env, exists);
}
