// Rule guarded: the header search reads what staff type or paste the way they mean it — an RRN is 12 digits, a phone
// is found by its last 8 digits whatever its spelling, Arabic-Indic digits are digits, an amount is tried in every
// currency, and a one-letter search reads nothing (it would match everything).
import { describe, expect, it } from "vitest";
import { latinDigits, readSearch } from "./everywhere";

describe("readSearch", () => {
  it("reads a phone by its last 8 digits however it is written", () => {
    for (const q of ["+966 50 123 4567", "0501234567", "00966501234567", "(050) 123-4567"]) {
      expect(readSearch(q)?.phoneTail, q).toBe("01234567");
    }
    expect(readSearch("1234567")?.phoneTail).toBeNull();
  });

  it("reads 12 digits as an RRN, 4 as a card's last four and an amount, a UUID in any case", () => {
    expect(readSearch("612345678901")).toMatchObject({ rrn: "612345678901", last4: null });
    expect(readSearch("4242")).toMatchObject({ last4: "4242", rrn: null });
    expect(readSearch("4242")?.amounts.map((a) => a.minor)).toContain(424_200);
    expect(readSearch("3F2504E0-4F89-41D3-9A0C-0305E82C3301")?.uuid).toBe("3f2504e0-4f89-41d3-9a0c-0305e82c3301");
  });

  it("reads Arabic-Indic digits as digits", () => {
    expect(latinDigits("٠٥٠١٢٣٤٥٦٧٨ ۱۲")).toBe("05012345678 12");
    expect(readSearch("٤٢٤٢")?.last4).toBe("4242");
  });

  it("a whole e-mail exactly (lower-cased, not as a part: every address shares its trigrams); contains-search from 3 characters; nothing under 2", () => {
    expect(readSearch(" Noura@Example.COM ")).toMatchObject({ email: "noura@example.com", contains: null });
    expect(readSearch("noura@")).toMatchObject({ email: null, contains: "noura@" });
    expect(readSearch("ab")).toMatchObject({ contains: null, email: null });
    expect(readSearch("a")).toBeNull();
    expect(readSearch("   ")).toBeNull();
    expect(readSearch("x".repeat(500))?.text).toHaveLength(100);
  });
});
