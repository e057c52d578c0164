// Which Chromium the browser tests run: the machine's own (never a download), the leanest one Debian installs for
// headless use (less CPU under test, so fewer timing failures on a loaded machine), and CHROMIUM_PATH always wins.
import { describe, expect, it } from "vitest";
import { chromiumPath, DEBIAN_CHROMIUM_BINARY, DEBIAN_CHROMIUM_WRAPPER, DEBIAN_HEADLESS_SHELL, lighthouseChromiumPath } from "./chromium";

const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe("chromiumPath", () => {
  it("prefers Debian's headless shell (no desktop UI renderer burning half a core under test)", () => {
    expect(chromiumPath({}, () => true)).toBe(DEBIAN_HEADLESS_SHELL);
  });
  it("then Debian's binary over its wrapper (the wrapper adds GPU rasterisation: more CPU, nothing tested)", () => {
    expect(chromiumPath({}, only(DEBIAN_CHROMIUM_BINARY, DEBIAN_CHROMIUM_WRAPPER))).toBe(DEBIAN_CHROMIUM_BINARY);
  });
  it("falls back to /usr/bin/chromium where neither is at Debian's path (installing the package puts it there)", () => {
    expect(chromiumPath({}, () => false)).toBe(DEBIAN_CHROMIUM_WRAPPER);
  });
  it("uses CHROMIUM_PATH when it is set, whatever is installed", () => {
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, () => true)).toBe("/opt/chrome/chrome");
  });

  it("gives Lighthouse the full browser, the wrapper first (it missed recording a page load far less often: NO_NAVSTART)", () => {
    expect(lighthouseChromiumPath({}, () => true)).toBe(DEBIAN_CHROMIUM_WRAPPER);
    expect(lighthouseChromiumPath({}, only(DEBIAN_CHROMIUM_BINARY, DEBIAN_HEADLESS_SHELL))).toBe(DEBIAN_CHROMIUM_BINARY);
    expect(lighthouseChromiumPath({}, only(DEBIAN_HEADLESS_SHELL))).toBe(DEBIAN_CHROMIUM_WRAPPER);
    expect(lighthouseChromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, () => true)).toBe("/opt/chrome/chrome");
  });
});
