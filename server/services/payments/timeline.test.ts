// Rules guarded: the timeline is in people's words (no raw enum, no "Gateway call: status"); page-load reads are
// not events; one person's sync is one line; a 3-D Secure step (a REDIRECT answer to a sale) is its own step;
// equal moments keep their logical order (requested before sent).
import { describe, expect, it } from "vitest";
import type { GatewayCallRow } from "../../db/schema";
import { buildTimeline } from "./timeline";

const t0 = new Date("2026-11-24T08:09:00Z");
const at = (s: number) => new Date(t0.getTime() + s * 1000);
let id = 0;
const call = (operation: string, s: number, extra: Partial<GatewayCallRow> = {}): GatewayCallRow => ({
  id: ++id,
  operation,
  orderId: "o1",
  transactionId: "g1",
  outcome: "success",
  gatewayCode: null,
  httpStatus: 200,
  latencyMs: 120,
  attempts: 1,
  request: {},
  response: {},
  startedAt: at(s),
  purpose: null,
  ...extra,
});
const titles = (events: Array<{ title: string }>) => events.map((e) => e.title.replace(/\u00a0/g, " "));
const base = {
  payment: { createdAt: t0, amountMinor: 10_000, currency: "SAR" },
  createdByName: "Alice",
  notifications: [],
  actions: [],
  decisions: [],
  threeDsAt: [],
};

describe("payment timeline", () => {
  it("leaves page-load and automatic reads out and folds a person's sync into one line", () => {
    const events = buildTimeline({
      ...base,
      calls: [
        call("status", 10, { purpose: "page_view" }),
        call("transaction_details", 10, { purpose: "page_view" }),
        call("status", 20, { purpose: "sync" }),
        call("status", 30, { purpose: "user_sync" }),
        call("transaction_details", 30, { purpose: "user_sync" }),
      ],
    });
    expect(titles(events)).toEqual(["Payment of SAR 100.00 started by Alice", "Checked with the gateway"]);
  });

  it("rule: staff's words, not the developers'. An authorization is called one; no latency, no 'code Success', no 'Signature verified'", () => {
    const notification = (status: string, hashValid = true) => ({
      id: ++id,
      dedupeKey: `n${id}`,
      receivedAt: at(5),
      contentType: "application/x-www-form-urlencoded",
      action: "SALE",
      result: "SUCCESS",
      status,
      transId: "g1",
      orderId: "o1",
      hashValid,
      payload: {},
      processingResult: "no_change",
      processedAt: at(5),
      paymentId: null,
    });
    const events = buildTimeline({
      ...base,
      calls: [call("s2s_sale", 1, { gatewayCode: "Success" }), call("capture", 2, { outcome: "declined", gatewayCode: "208004" })],
      notifications: [notification("PENDING"), notification("SETTLED"), notification("SETTLED", false)],
    });
    const lines = events.map((e) => `${e.title} | ${e.detail ?? ""}`.replace(/\u00a0/g, " "));
    expect(lines).toEqual([
      "Payment of SAR 100.00 started by Alice | ",
      "Payment sent to the gateway | The gateway accepted it",
      "Capture sent to the gateway | The gateway declined it · code 208004",
      "The gateway notified: Authorization succeeded | the payment was already up to date",
      "The gateway notified: Sale succeeded | the payment was already up to date",
      "The gateway notified: Sale succeeded | Not proven to come from the gateway (its signature did not match) · the payment was already up to date",
    ]);
  });

  it("shows a 3-D Secure step after a sale answered with a REDIRECT", () => {
    const events = buildTimeline({ ...base, calls: [call("sale", 1, { response: { result: "REDIRECT", redirect_url: "https://x" } })] });
    expect(events.map((e) => e.kind)).toEqual(["created", "call", "three_ds"]);
    expect(events[2]!.title).toMatch(/^3-D Secure/);
    const long = { truncated: true, excerpt: '{"code":200,"data":{"result":"Pending","html":"<html>' };
    expect(buildTimeline({ ...base, calls: [call("s2s_sale", 1, { response: long })] }).some((e) => e.kind === "three_ds")).toBe(true);
  });

  it("a refund's moments: requested, approved, sent, succeeded; no raw enum anywhere", () => {
    const events = buildTimeline({
      ...base,
      calls: [call("partial_refund", 180)],
      actions: [
        {
          id: "a1",
          type: "refund",
          state: "succeeded",
          amountMinor: 2_000,
          currency: "SAR",
          reasonCode: "customer_request",
          note: null,
          outcomeMessage: null,
          requestedBy: "Bob",
          createdAt: at(0),
          completedAt: at(181),
          updatedAt: at(181),
        },
      ],
      decisions: [{ at: at(180), actionId: "a1", decision: "approve", by: "Carol", note: null }],
    });
    expect(titles(events)).toEqual([
      "Payment of SAR 100.00 started by Alice",
      "Refund of SAR 20.00 requested by Bob",
      "Refund approved by Carol",
      "Refund sent to the gateway",
      "Refund of SAR 20.00 succeeded",
    ]);
    expect(events.every((e) => !/_/.test(`${e.title} ${e.detail ?? ""}`))).toBe(true);
  });
});
