// Rules guarded (#15 Arabic): admin lists sort names with the reader's language's collation, not code points (an
// Arabic reader expects "ابراهيم" before "أحمد": alef and alef-with-hamza are one letter); the users search finds an Arabic name
// whatever diacritics, alef or taa-marbuta spelling the admin types, and is case-blind for Latin names.
import { describe, expect, it } from "vitest";
import { matchesSearch, searchForm, sortByName } from "./names";

describe("names in the admin lists", () => {
  it("sorts Arabic names by Arabic collation (alef and alef-hamza as one letter), not by code point", () => {
    const names = ["آمنة", "أحمد", "ابراهيم", "ياسر", "بدر"];
    expect(sortByName(names, (n) => n, "ar")).toEqual(["آمنة", "ابراهيم", "أحمد", "بدر", "ياسر"]);
    // Code-point order (what ORDER BY under the C collation gives) would be wrong for an Arabic reader.
    expect([...names].sort()).not.toEqual(sortByName(names, (n) => n, "ar"));
  });

  it("sorts Latin names case-blind and numbers as numbers", () => {
    expect(sortByName(["finance 10", "Finance 2", "audit"], (n) => n, "en")).toEqual(["audit", "Finance 2", "finance 10"]);
  });

  it("finds an Arabic name by any usual spelling", () => {
    const fields = ["فاطمة الزهراني", "fatima@example.test"];
    expect(matchesSearch("فاطمة", fields)).toBe(true);
    expect(matchesSearch("فاطمه", fields)).toBe(true);
    expect(matchesSearch("الزهراني", fields)).toBe(true);
    expect(matchesSearch("احمد", ["أحمد"])).toBe(true);
    expect(matchesSearch("فَاطِمَة", fields)).toBe(true);
    expect(matchesSearch("خالد", fields)).toBe(false);
    expect(matchesSearch("FATIMA", fields)).toBe(true);
    expect(matchesSearch("  ", fields)).toBe(true);
    expect(searchForm("مـحـمـد")).toBe("محمد");
  });
});
