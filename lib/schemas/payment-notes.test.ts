// Rules guarded: a note never holds a card number (refused, with the reason); an empty or over-long note is refused;
// "@address" mentions are read as the colleagues to tell, each once, never more than ten, without the punctuation
// that follows them.
import { describe, expect, it } from "vitest";
import { mentionedEmails, NOTE_MAX_LENGTH, paymentNoteSchema } from "./payment-notes";

describe("payment notes", () => {
  it("refuses a note that holds a card number, an empty note and an over-long one", () => {
    const issue = (body: string) => paymentNoteSchema.safeParse({ body }).error?.issues[0]?.message;
    expect(issue("Customer read 4111 1111 1111 1111 on the phone")).toBe("notes.cardNumber");
    expect(issue("   ")).toBe("notes.empty");
    expect(issue("x".repeat(NOTE_MAX_LENGTH + 1))).toContain("text.atMost");
    expect(paymentNoteSchema.parse({ body: "  Called back, will retry tomorrow  " })).toEqual({ body: "Called back, will retry tomorrow" });
  });

  it("reads @-mentions as e-mail addresses, each once, lowercased, without trailing punctuation", () => {
    expect(mentionedEmails("@Sara@Merchant.example please check, and (@omar@merchant.example). Also @sara@merchant.example!")).toEqual([
      "sara@merchant.example",
      "omar@merchant.example",
    ]);
    expect(mentionedEmails("mail finance@merchant.example, not a mention; @nobody")).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => `@u${i}@merchant.example`).join(" ");
    expect(mentionedEmails(many)).toHaveLength(10);
  });
});
