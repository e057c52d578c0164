// Rule guarded: every screen says whose clock its times are in, by the zone's offset in the reader's language.
import { describe, expect, it } from "vitest";
import { zoneOffsetName } from "./zone-offset";

describe("zone offset names", () => {
  it("names a zone by its offset in the reader's language, so a screen can say whose clock it shows", () => {
    const at = new Date("2026-11-27T22:30:00Z");
    expect(zoneOffsetName("Asia/Riyadh", "en-GB", at)).toBe("GMT+3");
    expect(zoneOffsetName("Asia/Dubai", "en-GB", at)).toBe("GMT+4");
    expect(zoneOffsetName("Asia/Riyadh", "ar-SA-u-ca-gregory-nu-latn", at)).toContain("+3");
  });
});
