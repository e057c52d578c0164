// Rule guarded: one date-time format everywhere, relative only where recency matters and never for old moments (#13).
import { describe, expect, it } from "vitest";
import { formatLocalTime, relativeTime } from "./local-time";

const NOW = Date.parse("2026-11-24T08:12:00Z");

describe("relativeTime", () => {
  it("minutes, hours and days ago", () => {
    expect(relativeTime("2026-11-24T08:09:00Z", NOW, "en")).toBe("3 minutes ago");
    expect(relativeTime("2026-11-24T05:12:00Z", NOW, "en")).toBe("3 hours ago");
    expect(relativeTime("2026-11-22T08:12:00Z", NOW, "en")).toBe("2 days ago");
  });
  it("the future reads as such (an authorization's expiry)", () =>
    expect(relativeTime("2026-11-26T08:12:00Z", NOW, "en")).toBe("in 2 days"));
  it("under a minute is now", () => expect(relativeTime("2026-11-24T08:11:40Z", NOW, "en")).toBe("now"));
  it("past a week the date is shown instead", () => expect(relativeTime("2026-11-01T08:12:00Z", NOW, "en")).toBeNull());
});

describe("formatLocalTime", () => {
  it("medium date and short time in the given locale", () => {
    const s = formatLocalTime("2026-11-24T08:09:30Z", false, "en-GB");
    expect(s).toMatch(/24 Nov 2026/);
    expect(s).not.toMatch(/:30/);
  });
  it("seconds on request", () => expect(formatLocalTime("2026-11-24T08:09:30Z", true, "en-GB")).toMatch(/:30/));
});

describe("formatter reuse (rule: a list of 50 rows hydrates within the TBT budget)", () => {
  it("one Intl formatter per locale and options, however many moments are shown", () => {
    const built = { n: 0 };
    const Real = Intl.DateTimeFormat;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      built.n++;
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = counting;
    try {
      const texts = Array.from({ length: 100 }, (_, i) =>
        formatLocalTime(`2026-11-24T08:${String(i % 60).padStart(2, "0")}:00Z`, false, "ar-SA-u-ca-gregory-nu-latn", "Asia/Riyadh"),
      );
      expect(new Set(texts).size).toBe(60);
      expect(built.n).toBeLessThanOrEqual(1);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
