// Rule guarded: one business time zone for everyone unless a person chose their browser's; a browser zone the
// server cannot trust (absent, unknown, a cookie someone wrote) never replaces the business zone.
import { describe, expect, it } from "vitest";
import { resolveDisplayZone } from "./display-zone";

describe("resolveDisplayZone", () => {
  it("shows the business zone to a person who did not choose otherwise, whatever their browser says", () => {
    expect(resolveDisplayZone({ choice: "business", browserZone: "Europe/London", businessZone: "Asia/Riyadh" })).toEqual({
      zone: "Asia/Riyadh",
      business: "Asia/Riyadh",
      choice: "business",
    });
  });

  it("shows the browser's zone (canonicalised) to a person who chose it", () => {
    expect(resolveDisplayZone({ choice: "browser", browserZone: "utc", businessZone: "Asia/Riyadh" }).zone).toBe("UTC");
    expect(resolveDisplayZone({ choice: "browser", browserZone: "Asia/Dubai", businessZone: "Asia/Riyadh" }).zone).toBe("Asia/Dubai");
  });

  it("falls back to the business zone while the browser has not said, or said something that is no zone", () => {
    for (const browserZone of [undefined, null, "", "Mars/Olympus", "<script>", "x".repeat(100)]) {
      expect(resolveDisplayZone({ choice: "browser", browserZone, businessZone: "Asia/Riyadh" }).zone).toBe("Asia/Riyadh");
    }
  });
});
