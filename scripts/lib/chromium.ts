// The Chromium every browser test, the JS budget and Lighthouse use: Debian's, never a downloaded one.
// Debian's /usr/bin/chromium is a shell wrapper that adds a desktop user's flags (GPU rasterisation, extensions,
// pings) before it runs /usr/lib/chromium/chromium. Headless under test, GPU rasterisation only means a software GPU
// process doing more work: on a 2-core machine the binary itself ran the same Playwright specs with 11 % less CPU
// and wall time. So the binary is used when it is there, the wrapper otherwise (another distribution), and
// CHROMIUM_PATH overrides both. Lighthouse keeps the wrapper (lighthouseChromiumPath): through the binary alone it
// failed to record a page load (NO_NAVSTART) 2 and 3 times in a dozen runs here, through the wrapper not once in
// as many (earlier sessions saw it now and then on a loaded machine: a failed recording is tried again, 4 times).
import fs from "node:fs";

export const DEBIAN_CHROMIUM_BINARY = "/usr/lib/chromium/chromium";
export const DEBIAN_CHROMIUM_WRAPPER = "/usr/bin/chromium";

export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (p: string) => boolean = fs.existsSync,
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM_BINARY) ? DEBIAN_CHROMIUM_BINARY : DEBIAN_CHROMIUM_WRAPPER;
}

/** The Chromium Lighthouse drives: CHROMIUM_PATH, else Debian's wrapper when present, else chromiumPath(). */
export function lighthouseChromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (p: string) => boolean = fs.existsSync,
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM_WRAPPER) ? DEBIAN_CHROMIUM_WRAPPER : chromiumPath(env, exists);
}
