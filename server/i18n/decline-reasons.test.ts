// Rule guarded: the gateway's decline reasons (free English text) never reach an Arabic page bare. A known one is
// translated (matched on its words, whatever the case, spacing or final full stop); any other is quoted as the
// gateway's own words inside an Arabic sentence, and shown as it is in English.
// (Beside the translator, not lib/decline-reasons.ts: lib/ imports nothing from server/, and the rule is about the catalogs.)
import { describe, expect, it } from "vitest";
import { translatorFor } from "./translator";
import { declineReasonKey, declineReasonText, type DeclineWords } from "@/lib/i18n/decline-reasons";

const words = (language: "en" | "ar") => translatorFor({ language, digits: "latn" }, "vocab") as unknown as DeclineWords;

describe("decline reasons in the reader's words", () => {
  it("knows the gateway's reasons by their words", () => {
    expect(declineReasonKey("Transaction declined by issuer")).toBe("issuer");
    expect(declineReasonKey("  insufficient   FUNDS. ")).toBe("insufficientFunds");
    expect(declineReasonKey("Capture amount exceeds the outstanding authorized amount")).toBe("captureOver");
    expect(declineReasonKey("Card blocked by the cardholder")).toBeNull();
  });
  it("translates a known reason and quotes an unknown one as the gateway's, in Arabic", () => {
    expect(declineReasonText(words("ar"), "Insufficient funds")).toBe("الرصيد في البطاقة غير كافٍ");
    expect(declineReasonText(words("ar"), "Card blocked by the cardholder")).toBe("ردّ البوابة: «Card blocked by the cardholder»");
    expect(declineReasonText(words("en"), "Transaction declined by issuer")).toBe("Declined by the card's bank");
    expect(declineReasonText(words("en"), "Card blocked by the cardholder")).toBe("Card blocked by the cardholder");
  });
});
