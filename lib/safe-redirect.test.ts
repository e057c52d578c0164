// Threats guarded: an open redirect after sign-in (/login?next=/%09/evil.example sent a signed-in user to another
// site): only a same-origin path is accepted; control characters, backslashes, other schemes and protocol-relative
// forms (plain or encoded) fall back to /overview.
import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from "./safe-redirect";

const APP = "https://dash.example.com";

describe("safeRedirectPath", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(safeRedirectPath("/transactions?status=captured#top", APP)).toBe("/transactions?status=captured#top");
    expect(safeRedirectPath("/payments/123", APP)).toBe("/payments/123");
  });

  it("falls back to /overview when nothing is given", () => {
    expect(safeRedirectPath(undefined, APP)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeRedirectPath("", APP)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "https://evil.example",
    "http://dash.example.com.evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " /evil",
    "evil.example",
    "/\\/evil.example",
    "/.\\evil.example",
  ])("refuses the hostile destination %j", (hostile) => {
    expect(safeRedirectPath(hostile, APP)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("keeps encoded variants as paths of the dashboard itself (never decoded into another host)", () => {
    for (const encoded of ["/%2F%2Fevil.example", "/%5Cevil.example", "/%09/evil.example"]) {
      const out = safeRedirectPath(encoded, APP);
      expect(new URL(out, APP).origin).toBe(new URL(APP).origin);
      expect(out.startsWith("//")).toBe(false);
    }
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(safeRedirectPath("/a/../../..//evil.example", APP)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeRedirectPath("/a/../overview", APP)).toBe("/overview");
  });
});
