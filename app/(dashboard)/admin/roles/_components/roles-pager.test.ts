// Rule guarded: the pager always offers the first, the last and the pages next to the current one, in order,
// with a gap wherever pages are skipped (pages count from 0, as the gateway's do).
import { describe, expect, it } from "vitest";
import { pageWindow } from "./roles-pager";

describe("pageWindow", () => {
  it("keeps first, last and neighbours of the current page, with gaps between", () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(5, 10)).toEqual([0, "gap", 4, 5, 6, "gap", 9]);
    expect(pageWindow(9, 10)).toEqual([0, "gap", 8, 9]);
  });
  it("shows no page past the last one", () => {
    expect(pageWindow(12, 3)).toEqual([0, "gap", 2]);
  });
});
