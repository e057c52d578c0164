// Rule guarded: the pager always offers the first and last pages and the current page's neighbours, in order, never
// a page outside 0..totalPages-1 (even when the URL asks for one past the end), and never hides a single page behind "…".
import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("lists nothing when there are no pages", () => {
    expect(pageWindow(0, 0)).toEqual([]);
  });
  it("lists every page when there are few", () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(2, 5)).toEqual([0, 1, 2, 3, 4]);
  });
  it("keeps first, last and the current page's neighbours, with gaps between", () => {
    expect(pageWindow(5, 12)).toEqual([0, null, 4, 5, 6, null, 11]);
    expect(pageWindow(0, 12)).toEqual([0, 1, null, 11]);
    expect(pageWindow(11, 12)).toEqual([0, null, 10, 11]);
  });
  it("shows a lone skipped page instead of a gap", () => {
    expect(pageWindow(3, 8)).toEqual([0, 1, 2, 3, 4, null, 7]);
  });
  it("shows no page past the last one", () => {
    expect(pageWindow(12, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(40, 10)).toEqual([0, null, 9]);
  });
});
