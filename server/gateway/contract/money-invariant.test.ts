// Property (contract 3 and 8) against the real sandbox: whatever sequence of captures and refunds (CREDITVOID and
// partial refund) with whatever amounts the merchant sends, money never moves beyond what was authorized:
// sum(accepted refunds) ≤ captured ≤ authorized, as seen in the client's results AND in the gateway's own status
// and details records. Threat guarded: over-refunding or over-capturing through any path of the client.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decimalToMinor } from "@/lib/money";
import { startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { testConfig } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sar } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url), { logger: createLogger({ sink: () => {} }) });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

type Step = { op: "capture" | "creditvoid" | "partial"; fraction: number };

// Amounts are drawn as fractions of the authorized amount up to 1.3×, so that over-limit requests are common.
const stepArb: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom("capture", "creditvoid", "partial", "creditvoid", "partial"),
  fraction: fc.double({ min: 0.001, max: 1.3, noNaN: true }),
});

describe("money invariant over random capture/refund sequences", { tags: ["gateway-profile"] }, () => {
  it("sum(refunds accepted) ≤ captured ≤ authorized, from the results and from status/details", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 200_000 }),
        fc.boolean(),
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        async (authorized, auth, steps) => {
          const s = await completedSale(client, { minor: authorized, auth });
          let captured = auth ? 0 : authorized;
          let refundedSum = 0;
          for (const step of steps) {
            const minor = Math.max(1, Math.round(authorized * step.fraction));
            if (step.op === "capture") {
              const r = await client.capture({ transId: s.transId, amount: sar(minor), payerEmail: s.payerEmail, card: s.card });
              if (r.kind === "success") {
                expect(captured).toBe(0); // only an authorized, not yet captured payment can be captured
                captured = minor;
              }
            } else {
              const r =
                step.op === "creditvoid"
                  ? await client.refund({ transId: s.transId, amount: sar(minor), payerEmail: s.payerEmail, card: s.card })
                  : await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(minor), payerIp: "203.0.113.7" });
              expect(["success", "gateway_error"]).toContain(r.kind); // never a transport failure here
              if (r.kind === "success") refundedSum += minor;
            }
            expect(refundedSum).toBeLessThanOrEqual(captured);
            expect(captured).toBeLessThanOrEqual(authorized);
          }

          // The gateway's own records agree.
          const d = await client.transactionDetails({ transactionId: s.transId });
          if (d.kind !== "success") throw new Error(`details: ${JSON.stringify(d)}`);
          const rec = d.data.transactionDetails;
          expect(decimalToMinor(rec.amount!, "SAR")).toBe(authorized);
          expect(decimalToMinor(rec.totalRefundAmount!, "SAR")).toBe(refundedSum);
          const st = await client.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId });
          if (st.kind !== "success") throw new Error(`status: ${JSON.stringify(st)}`);
          expect(decimalToMinor(st.data.order!.amount!, "SAR")).toBe(authorized);
          const expected = captured === 0 ? "PENDING" : refundedSum === captured ? "REFUND" : "settled";
          expect(st.data.status).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
