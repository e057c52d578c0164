// Rule guarded: the Captures screen shows each authorization's expiry as a countdown — "expires in 2 days", urgent
// under 24 hours, "expired" once past — so staff capture before the issuer releases the money.
import { describe, expect, it } from "vitest";
import { countdown } from "./countdown";

const now = new Date("2026-11-24T08:00:00Z");
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe("authorization countdown", () => {
  it("days while more than a day is left", () => {
    expect(countdown(at(50), now)).toEqual({ when: "in 2 days", urgency: "ok" });
  });
  it("hours and urgent under 24 hours", () => {
    expect(countdown(at(5), now)).toEqual({ when: "in 5 hours", urgency: "soon" });
    expect(countdown(at(0.25), now)).toEqual({ when: "in 15 minutes", urgency: "soon" });
  });
  it("expired once past", () => {
    expect(countdown(at(-3), now)).toEqual({ when: "3 hours ago", urgency: "expired" });
    expect(countdown(now, now).urgency).toBe("expired");
  });
  it("in the reader's language", () => {
    expect(countdown(at(-3), now, "ar-SA-u-nu-latn").when).toMatch(/3/);
    expect(countdown(at(-3), now, "ar-SA-u-nu-latn").when).not.toMatch(/ago/);
  });
});
