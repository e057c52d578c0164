// Rule guarded (#15): the payment timeline's sentences are built on the server in the reader's language. English
// stays word for word what it was ("Refund of SAR 30.00 requested by Fatima"); Arabic is a whole Arabic sentence
// (not English words around Arabic nouns) with the amount and the name isolated (FSI … PDI) so they keep their
// own order inside right-to-left text; an unknown code still reads as words in either language.
import { describe, expect, it } from "vitest";
import { buildTimeline, type TimelineAction } from "./timeline";

const t0 = new Date("2026-11-24T08:09:00Z");
const refund: TimelineAction = {
  id: "a1",
  type: "refund",
  state: "succeeded",
  amountMinor: 3000,
  currency: "SAR",
  reasonCode: "customer_request",
  note: null,
  outcomeMessage: null,
  requestedBy: "Fatima",
  createdAt: t0,
  completedAt: new Date(t0.getTime() + 1000),
  updatedAt: t0,
};
const input = {
  payment: { createdAt: t0, amountMinor: 10_000, currency: "SAR" },
  createdByName: "Alice",
  calls: [],
  notifications: [],
  actions: [refund],
  decisions: [],
  threeDsAt: [],
};
const plain = (s: string | null) => (s ?? "").replace(/\u00a0/g, " ");

describe("payment timeline in the reader's language", () => {
  it("English by default, unchanged", () => {
    const events = buildTimeline(input);
    expect(events.map((e) => plain(e.title))).toEqual([
      "Payment of SAR 100.00 started by Alice",
      "Refund of SAR 30.00 requested by Fatima",
      "Refund of SAR 30.00 succeeded",
    ]);
    expect(events[1]!.detail).toBe("Customer request");
  });

  it("Arabic sentences with isolated values", () => {
    const events = buildTimeline(input, { language: "ar", digits: "latn" });
    const titles = events.map((e) => plain(e.title));
    expect(titles[0]).toBe("بدأ \u2068Alice\u2069 دفعة بمبلغ \u2068SAR 100.00\u2069");
    expect(titles[1]).toBe("\u2068استرداد\u2069 بمبلغ \u2068SAR 30.00\u2069 بطلب من \u2068Fatima\u2069");
    expect(titles[2]).toBe("نجح \u2068استرداد\u2069 بمبلغ \u2068SAR 30.00\u2069");
    expect(events[1]!.detail).toBe("طلب العميل");
    for (const t of titles) expect(t).not.toMatch(/\b(of|by|requested|succeeded)\b/);
  });

  it("an unknown action type or reason still reads as words", () => {
    const events = buildTimeline(
      { ...input, actions: [{ ...refund, type: "chargeback", reasonCode: "goods_missing", state: "pending_approval", completedAt: null }] },
      { language: "ar", digits: "latn" },
    );
    expect(plain(events[1]!.title)).toContain("Chargeback");
    expect(events[1]!.detail).toContain("Goods missing");
    expect(events[1]!.detail).toContain("بانتظار اعتماد شخص ثانٍ");
  });
});
