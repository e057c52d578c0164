// Rule guarded: class and id lists never contain "undefined"/"false" tokens and never leave an empty
// aria-describedby attribute behind (an empty reference list is an a11y lint error and confuses some readers).
import { describe, expect, it } from "vitest";
import { cx, idList } from "./cx";

describe("cx", () => {
  it("joins truthy parts with single spaces", () => {
    expect(cx("a", false, null, undefined, 0, "", " b ", "c")).toBe("a b c");
  });
  it("returns an empty string when nothing is truthy", () => {
    expect(cx(false, undefined)).toBe("");
  });
});

describe("idList", () => {
  it("joins ids and omits missing ones", () => {
    expect(idList("hint-1", undefined, "err-1")).toBe("hint-1 err-1");
  });
  it("is undefined rather than an empty string when there is no id", () => {
    expect(idList(undefined, false, "")).toBeUndefined();
  });
});
