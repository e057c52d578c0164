// Rule guarded: only the documented success words move money. For every money-moving operation, every result word of
// the protocol family (and a few that are not: an empty one, an unknown one, a lower-case spelling) combined with
// every status word (and none) is either one of the pairs the contract (2.2–2.8) and the family's notes list, with
// the meaning written below, or it confirms nothing, so that the ledger books nothing and a status query settles it.
// The expected table is written out here on its own, not derived from the code's.
import { describe, expect, it } from "vitest";
import { confirmationOf, confirmedBy, unconfirmedReason, type Confirmed, type ConfirmedOperation } from "./confirmations";
import { interpretResponse } from "./unwrap";
import { captureResponseSchema } from "./operations/capture";
import { z } from "zod";

const RESULTS = ["SUCCESS", "DECLINED", "REDIRECT", "ACCEPTED", "ERROR", "UNDEFINED", "PENDING", "", "APPROVED", "WHATEVER"];
const STATUSES = [
  undefined,
  "3DS",
  "REDIRECT",
  "PENDING",
  "PREPARE",
  "SETTLED",
  "REVERSAL",
  "REFUND",
  "VOID",
  "CHARGEBACK",
  "DECLINED",
  "SUCCESS",
  "UNKNOWN",
];

type Expected = Record<string, Confirmed>;
const key = (result: string, status: string | undefined) => `${result}+${status ?? "(none)"}`;
const sale: Expected = {
  "REDIRECT+REDIRECT": "awaiting_3ds",
  "REDIRECT+3DS": "awaiting_3ds",
  "SUCCESS+SETTLED": "captured",
  "SUCCESS+PENDING": "authorized",
};
const refund: Expected = {
  "ACCEPTED+(none)": "accepted",
  "ACCEPTED+REFUND": "accepted",
  "ACCEPTED+REVERSAL": "accepted",
  "ACCEPTED+SETTLED": "accepted",
};

/** Per operation: the id field its answer must carry, and the pairs that confirm it. */
const DOCUMENTED: Record<
  ConfirmedOperation,
  { id: string | null; pairs: Expected | ((result: string, status?: string) => Confirmed | null) }
> = {
  capture: { id: null, pairs: { "SUCCESS+SETTLED": "captured" } },
  void: { id: null, pairs: { "SUCCESS+VOID": "voided" } },
  creditvoid: { id: "payment_id", pairs: refund },
  partial_refund: { id: "payment_id", pairs: refund },
  sale: { id: "trans_id", pairs: sale },
  token_sale: { id: "trans_id", pairs: sale },
  recurring_sale: {
    id: "transaction_id",
    pairs: {
      "SUCCESS+(none)": "captured",
      "SUCCESS+SETTLED": "captured",
      "SUCCESS+PENDING": "authorized",
      "REDIRECT+REDIRECT": "awaiting_3ds",
      "REDIRECT+3DS": "awaiting_3ds",
    },
  },
  recurring_v2: {
    id: "payment_id",
    pairs: { "SUCCESS+SUCCESS": "captured", "SUCCESS+SETTLED": "captured", "SUCCESS+PENDING": "authorized" },
  },
  s2s_sale: {
    id: "paymentId",
    // `Pending` asks for the customer's 3-D Secure step whatever its status says: nothing is booked by it.
    pairs: (result, status) =>
      result === "PENDING"
        ? "awaiting_3ds"
        : (({ "SUCCESS+SETTLED": "captured", "SUCCESS+SUCCESS": "captured", "SUCCESS+PENDING": "authorized" } as Expected)[
            key(result, status)
          ] ?? null),
  },
};

const expectedOf = (op: ConfirmedOperation, result: string, status: string | undefined): Confirmed | null => {
  const pairs = DOCUMENTED[op].pairs;
  return typeof pairs === "function" ? pairs(result, status) : (pairs[key(result, status)] ?? null);
};

const answer = (op: ConfirmedOperation, result: string, status: string | undefined, withId = true): Record<string, unknown> => ({
  result,
  ...(status === undefined ? {} : { status }),
  ...(withId && DOCUMENTED[op].id ? { [DOCUMENTED[op].id!]: "gw-123" } : {}),
});

describe("only documented success words confirm a money-moving call", () => {
  for (const op of Object.keys(DOCUMENTED) as ConfirmedOperation[]) {
    it(`${op}: every result word × every status word is the documented meaning, or nothing`, () => {
      const seen: string[] = [];
      for (const result of RESULTS)
        for (const status of STATUSES) {
          const got = confirmationOf(op, answer(op, result, status));
          expect(got, `${op} ${key(result, status)}`).toBe(expectedOf(op, result, status));
          if (got) seen.push(key(result, status));
        }
      // Each documented pair was met at least once (the table above is not vacuous).
      if (typeof DOCUMENTED[op].pairs === "object") expect(seen.sort()).toEqual(Object.keys(DOCUMENTED[op].pairs).sort());
    });

    if (DOCUMENTED[op].id) {
      it(`${op}: a success word without the gateway's ${DOCUMENTED[op].id} confirms nothing (nothing to reconcile by)`, () => {
        for (const result of RESULTS)
          for (const status of STATUSES) {
            expect(confirmationOf(op, answer(op, result, status, false)), key(result, status)).toBeNull();
            expect(confirmationOf(op, { ...answer(op, result, status, false), [DOCUMENTED[op].id!]: "  " })).toBeNull();
          }
      });
    }
  }

  it("words are read without regard to case or surrounding blanks (the refunds' `accepted`, the S2S `Pending`)", () => {
    expect(confirmationOf("creditvoid", { result: "accepted", payment_id: "r1" })).toBe("accepted");
    expect(confirmationOf("s2s_sale", { result: "Pending", status: "SUCCESS", paymentId: "p1" })).toBe("awaiting_3ds");
    expect(confirmationOf("capture", { result: " success ", status: "settled" })).toBe("captured");
  });

  it("a non-string word, or no answer object, confirms nothing", () => {
    expect(confirmationOf("capture", { result: 1, status: "SETTLED" })).toBeNull();
    expect(confirmationOf("capture", { result: "SUCCESS", status: true })).toBeNull();
    expect(confirmationOf("capture", null)).toBeNull();
    expect(confirmationOf("capture", "SUCCESS")).toBeNull();
  });

  it("the reason names the words (cut short) and a missing id, and nothing else of the answer", () => {
    expect(unconfirmedReason("capture", { result: "UNDEFINED", status: "PENDING", rrn: "secret-rrn" })).toBe(
      'the capture answer confirms nothing (result "UNDEFINED", status "PENDING")',
    );
    expect(unconfirmedReason("creditvoid", { result: "accepted" })).toBe(
      'the creditvoid answer confirms nothing (result "accepted", status none, no payment_id)',
    );
    expect(unconfirmedReason("void", { result: "x".repeat(100) })).toContain(`"${"x".repeat(40)}"`);
    expect(confirmedBy("capture")({ result: "SUCCESS", status: "SETTLED" })).toBeNull();
  });
});

describe("an unconfirmed answer is an outcome-unknown failure, never a success", () => {
  const raw = (value: unknown) => ({ httpStatus: 200, contentType: "application/json", location: null, text: JSON.stringify(value) });
  const capture = (value: unknown) =>
    interpretResponse(raw(value), {
      schema: captureResponseSchema,
      expect: "json",
      declines: true,
      changesState: true,
      confirm: confirmedBy("capture"),
    }).result;

  it.each([
    [{ result: "UNDEFINED", status: "PENDING" }],
    [{ result: "REDIRECT", status: "REDIRECT" }],
    [{ result: "SUCCESS", status: "PENDING" }],
    [{ result: "SUCCESS" }],
  ])("capture answered %j: transport 'unconfirmed', outcome unknown", (value) => {
    expect(capture(value)).toMatchObject({ kind: "transport", reason: "unconfirmed", outcomeUnknown: true, httpStatus: 200 });
  });

  it("the documented success is a success, the documented decline a decline, an error an error", () => {
    expect(capture({ result: "SUCCESS", status: "SETTLED", rrn: "1" })).toMatchObject({ kind: "success" });
    expect(capture({ result: "DECLINED", status: "PENDING", decline_reason: "over" })).toMatchObject({
      kind: "declined",
      declineReason: "over",
    });
    expect(capture({ result: "ERROR", error_code: "208003", error_message: "not authorized" })).toMatchObject({ kind: "gateway_error" });
  });

  it("a call without a confirmation rule (a read) keeps any word of the right shape", () => {
    const r = interpretResponse(raw({ result: "UNDEFINED" }), {
      schema: z.looseObject({ result: z.string() }),
      expect: "json",
      declines: false,
      changesState: false,
    }).result;
    expect(r).toMatchObject({ kind: "success" });
  });
});
