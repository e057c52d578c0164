// Rule guarded (#15): a user's saved language wins over this browser's; "as my browser" (null) follows the cookie, then
// Accept-Language; digits and the Hijri line are the user's own once saved.
import { describe, expect, it } from "vitest";
import { resolveUiPrefs } from "./prefs";

describe("resolveUiPrefs", () => {
  it("the saved language wins over the cookie and the browser", () => {
    expect(
      resolveUiPrefs({
        saved: { language: "ar", digits: "latn", hijri: false, timeZone: "business" },
        cookie: "en.latn.0",
        acceptLanguage: "en",
      }),
    ).toEqual({
      language: "ar",
      digits: "latn",
      hijri: false,
    });
  });
  it("no saved language: the cookie, then Accept-Language, then English", () => {
    const saved = { language: null, digits: "arab", hijri: true, timeZone: "business" } as const;
    expect(resolveUiPrefs({ saved, cookie: "ar.latn.0", acceptLanguage: "en" }).language).toBe("ar");
    expect(resolveUiPrefs({ saved, cookie: undefined, acceptLanguage: "ar-SA,ar;q=0.9" })).toEqual({
      language: "ar",
      digits: "arab",
      hijri: true,
    });
    expect(resolveUiPrefs({ saved: null, cookie: undefined, acceptLanguage: null })).toEqual({
      language: "en",
      digits: "latn",
      hijri: false,
    });
  });
  it("signed out: the cookie's whole choice, else the browser's language with Latin digits", () => {
    expect(resolveUiPrefs({ saved: null, cookie: "ar.arab.1", acceptLanguage: "en" })).toEqual({
      language: "ar",
      digits: "arab",
      hijri: true,
    });
    expect(resolveUiPrefs({ saved: null, cookie: "garbage", acceptLanguage: "ar" })).toEqual({
      language: "ar",
      digits: "latn",
      hijri: false,
    });
  });
});
