// Threat guarded: a hash formula that is wrong in the same way in the client and in the sandbox would pass every
// round-trip test; here both implementations must give the literal digests computed outside them (known-answers.ts).
import { describe, expect, it } from "vitest";
import { clientSigner, SIGNERS, type Signer } from "../support/signers.support";
import { callbackHashes, cardPartsOfMasked } from "../../server/gateway/signing";
import { KNOWN_ANSWERS, type KnownAnswer } from "./known-answers";

function compute(s: Signer, a: KnownAnswer): string {
  switch (a.kind) {
    case "sale":
      return s.sale(a.email, a.secret, a.cardNumber);
    case "s2sSale":
      return s.s2sSale(a.email, a.apiKey, a.cardNumber);
    case "tokenSale":
      return s.tokenSale(a.email, a.secret, a.cardToken);
    case "capture":
      return s.capture(a.email, a.secret, a.transId, a.cardNumber);
    case "void":
      return s.void(a.email, a.secret, a.transId, a.cardNumber);
    case "callback":
      return s.callback(a.email, a.secret, a.transId, a.maskedCard);
    case "creditvoid":
      return s.creditvoid(a.transId, a.amount, a.secret);
    case "partialRefund":
      return s.partialRefund(a.gwayId, a.amount, a.secret);
    case "status":
      return s.status(a.gwayPaymentId, a.secret);
    case "recurringSale":
      return s.recurringSale(a);
  }
}

describe.each(SIGNERS)("known answers of contract 5.2: $name", (signer) => {
  it.each(KNOWN_ANSWERS.map((a) => [a.rule, a] as const))("%s", (_rule, answer) => {
    expect(compute(signer, answer)).toBe(answer.expected);
  });
});

describe("the known-answer table covers every formula", () => {
  it("has at least one answer for each hash kind both sides compute", () => {
    const kinds = new Set(KNOWN_ANSWERS.map((a) => a.kind));
    const all: KnownAnswer["kind"][] = ["sale", "s2sSale", "tokenSale", "capture", "void", "callback"];
    all.push("creditvoid", "partialRefund", "status", "recurringSale");
    expect([...kinds].sort()).toEqual([...all].sort());
  });
});

describe("callback verification of the client (protocol notes: verify against both formulas)", () => {
  it("the client's second callback candidate is the SALE formula (no trans_id), as the known answer gives it", () => {
    for (const a of KNOWN_ANSWERS) {
      if (a.kind !== "callback") continue;
      const card = cardPartsOfMasked(a.maskedCard)!;
      expect(callbackHashes({ email: a.email, secret: a.secret, transId: a.transId, card })).toEqual([
        a.expected,
        a.expectedWithoutTransId,
      ]);
      expect(clientSigner.sale(a.email, a.secret, `${card.bin6}000000${card.last4}`)).toBe(a.expectedWithoutTransId);
    }
  });
});
