// Which Chromium the browser tests run: the machine's own (never a download), the binary without the desktop
// wrapper's flags when Debian's package is there (less CPU under test), and CHROMIUM_PATH always wins.
import { describe, expect, it } from "vitest";
import { chromiumPath, DEBIAN_CHROMIUM_BINARY, DEBIAN_CHROMIUM_WRAPPER, lighthouseChromiumPath } from "./chromium";

describe("chromiumPath", () => {
  it("prefers Debian's binary over its wrapper (the wrapper adds GPU rasterisation: more CPU, nothing tested)", () => {
    expect(chromiumPath({}, (p) => p === DEBIAN_CHROMIUM_BINARY || p === DEBIAN_CHROMIUM_WRAPPER)).toBe(DEBIAN_CHROMIUM_BINARY);
  });
  it("falls back to /usr/bin/chromium where the binary is not at Debian's path (installing it puts it there)", () => {
    expect(chromiumPath({}, () => false)).toBe(DEBIAN_CHROMIUM_WRAPPER);
  });
  it("uses CHROMIUM_PATH when it is set, whatever is installed", () => {
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, () => true)).toBe("/opt/chrome/chrome");
  });

  it("gives Lighthouse the wrapper, through which it missed recording a page load far less often (NO_NAVSTART)", () => {
    expect(lighthouseChromiumPath({}, () => true)).toBe(DEBIAN_CHROMIUM_WRAPPER);
    expect(lighthouseChromiumPath({}, (p) => p === DEBIAN_CHROMIUM_BINARY)).toBe(DEBIAN_CHROMIUM_BINARY);
    expect(lighthouseChromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, () => true)).toBe("/opt/chrome/chrome");
  });
});
