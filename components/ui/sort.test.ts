// Rule guarded: a sortable header exposes its state to assistive technology (aria-sort) exactly for the
// sorted column, toggles predictably, and a tampered `?dir=` query never throws.
import { describe, expect, it } from "vitest";
import { ariaSort, nextSortDirection, parseSortDirection } from "./sort";

describe("ariaSort", () => {
  it("maps directions to the ARIA tokens", () => {
    expect(ariaSort("asc")).toBe("ascending");
    expect(ariaSort("desc")).toBe("descending");
  });
  it("is absent on unsorted columns", () => {
    expect(ariaSort(null)).toBeUndefined();
    expect(ariaSort(undefined)).toBeUndefined();
  });
});

describe("nextSortDirection", () => {
  it("flips a sorted column", () => {
    expect(nextSortDirection("asc")).toBe("desc");
    expect(nextSortDirection("desc")).toBe("asc");
  });
  it("starts an unsorted column with the requested first direction", () => {
    expect(nextSortDirection(null)).toBe("asc");
    expect(nextSortDirection(undefined, "desc")).toBe("desc");
  });
});

describe("parseSortDirection", () => {
  it("accepts only asc and desc", () => {
    expect(parseSortDirection("asc")).toBe("asc");
    expect(parseSortDirection("desc")).toBe("desc");
    expect(parseSortDirection("DESC")).toBeNull();
    expect(parseSortDirection("1;drop")).toBeNull();
    expect(parseSortDirection(null)).toBeNull();
  });
});
