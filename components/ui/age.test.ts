// Rule guarded: the captures queue shows each authorization's age plainly (minutes, hours, then days).
import { describe, expect, it } from "vitest";
import { ageOf } from "./age";

describe("ageOf", () => {
  const now = new Date("2030-01-10T12:00:00Z");
  it("counts minutes, hours, then days", () => {
    expect(ageOf(new Date("2030-01-10T11:58:30Z"), now)).toBe("1 min");
    expect(ageOf(new Date("2030-01-10T09:00:00Z"), now)).toBe("3 h");
    expect(ageOf(new Date("2030-01-07T12:00:00Z"), now)).toBe("3 d");
    expect(ageOf(new Date("2030-01-11T12:00:00Z"), now)).toBe("0 min");
  });
});
