// Rule guarded (#15): free-text search finds Arabic names whatever the spelling variant typed (hamza forms, alef
// maqsura, ta marbuta, tatweel, short vowels), and Latin text case-insensitively; LIKE wildcards in a query are text.
import { describe, expect, it } from "vitest";
import { foldedContains, foldForSearch } from "./fold";

describe("foldForSearch", () => {
  it("folds the spellings of one Arabic name together", () => {
    const same = (a: string, b: string) => expect(foldForSearch(a)).toBe(foldForSearch(b));
    same("أحمد", "احمد");
    same("إبراهيم", "ابراهيم");
    same("آمنة", "امنه");
    same("مصطفى", "مصطفي");
    same("فاطمة الزهراني", "فاطمه الزهراني");
    same("محـمد", "محمد");
    same("مُحَمَّد", "محمد");
  });
  it("lower-cases Latin text and keeps other characters", () => {
    expect(foldForSearch("Fatima O'Neil")).toBe("fatima o'neil");
  });
  it("escapes LIKE wildcards in a query", () => {
    expect(foldedContains("50%_off")).toBe("%50\\%\\_off%");
  });
});
