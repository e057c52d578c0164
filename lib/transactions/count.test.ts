// Rule guarded: the list's total is exact up to the limit and shown as "limit+" beyond it (never a wrong exact
// number), with the right plural; checked with a small limit.
import { describe, expect, it } from "vitest";
import { COUNT_LIMIT, countLabel, toMatchCount } from "./count";

describe("transactions count label", () => {
  it("is exact up to the limit, then 'limit+'", () => {
    expect(toMatchCount(3, 3)).toEqual({ count: 3, capped: false });
    expect(toMatchCount(4, 3)).toEqual({ count: 3, capped: true });
    expect(countLabel(toMatchCount(4, 3))).toBe("3+ payments");
    expect(countLabel(toMatchCount(COUNT_LIMIT + 1))).toBe("10,000+ payments");
    expect(countLabel(toMatchCount(COUNT_LIMIT))).toBe("10,000 payments");
    expect(countLabel(toMatchCount(1234))).toBe("1,234 payments");
    expect(countLabel(toMatchCount(1))).toBe("1 payment");
    expect(countLabel(toMatchCount(0))).toBe("0 payments");
  });
});
