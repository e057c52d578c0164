// Messages the dashboard stores (a plan's pause reason, a report schedule's last run) travel as keyed texts and are
// said in the reader's language where shown; the gateway's own words and a person's words pass through unchanged.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { keyedMessage, parseKeyedMessage, translateKeyed, translateKeyedNested, type KeyTranslator } from "./keyed-message";

const messages = {
  reasons: {
    chargeRefused: "The gateway refused the charge.",
    retriesUsedUp: "Declined {attempts, plural, one {# time} other {# times}}. Last reason: {reason}",
  },
};
const t = createTranslator({ locale: "en-GB", messages, namespace: "reasons" }) as unknown as KeyTranslator;

describe("keyed messages (rule: a stored sentence is said in the reader's language, other words as they are)", () => {
  it("round-trips a key with values, whole numbers as numbers (plural rules) and text that needs escaping", () => {
    const text = keyedMessage("retriesUsedUp", { attempts: 4, reason: "Funds & limits: 50%" });
    expect(parseKeyedMessage(text)).toEqual({ key: "retriesUsedUp", values: { attempts: 4, reason: "Funds & limits: 50%" } });
  });
  it("words that are not a key of the namespace (a person's reason) are shown unchanged", () => {
    expect(translateKeyed(t, "Customer asked to pause until March.")).toBe("Customer asked to pause until March.");
    expect(translateKeyed(t, "Holiday")).toBe("Holiday");
  });
  it("a nested reason that is itself a key is translated first; the gateway's own words are passed on", () => {
    expect(translateKeyedNested(t, keyedMessage("retriesUsedUp", { attempts: 1, reason: "chargeRefused" }))).toBe(
      "Declined 1 time. Last reason: The gateway refused the charge.",
    );
    expect(translateKeyedNested(t, keyedMessage("retriesUsedUp", { attempts: 3, reason: "Insufficient funds" }))).toBe(
      "Declined 3 times. Last reason: Insufficient funds",
    );
  });
});
