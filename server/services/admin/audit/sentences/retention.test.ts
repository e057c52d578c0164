// Rule guarded (audit log readability): the retention pass's audit row reads as a sentence in the reader's
// language, with its total, and says when the pass stopped part-way (the per-table counts stay in its summary).
import { describe, expect, it } from "vitest";
import { auditSentence, hasOwnSentence, plainText } from "./index";

const entry = (summary: Record<string, unknown>) => ({ action: "retention.purge", targetType: "retention", targetId: null, summary });

describe("the retention pass's audit sentence", () => {
  it("English: the total, and a pass stopped part-way says so", () => {
    expect(hasOwnSentence(entry({}))).toBe(true);
    expect(plainText(auditSentence(entry({ total: 1204 })))).toBe("Retention pass deleted 1,204 records past the keeping period");
    expect(plainText(auditSentence(entry({ total: 1 })))).toBe("Retention pass deleted 1 record past the keeping period");
    expect(plainText(auditSentence(entry({ total: 3, interrupted: true })))).toBe(
      "Retention pass deleted 3 records past the keeping period (stopped part-way: the next pass deletes the rest)",
    );
    expect(plainText(auditSentence(entry({ total: 3, error: "connection reset" })))).toContain("stopped part-way");
  });

  it("Arabic: its own words and plural forms, never the English", () => {
    const ar = plainText(auditSentence(entry({ total: 3 }), { language: "ar", digits: "latn" }));
    expect(ar).toContain("3 سجلات");
    expect(ar).not.toMatch(/[A-Za-z]/);
    expect(plainText(auditSentence(entry({ total: 2 }), { language: "ar", digits: "latn" }))).toContain("سجلان");
  });
});
