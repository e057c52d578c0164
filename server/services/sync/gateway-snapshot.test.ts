// Rules guarded: the payment page's gateway panel needs TRANSACTIONS_VIEW; the card number is masked by the service
// whatever the gateway sends (a full PAN never reaches the page); a query that fails gives a note, not a throw.
import { describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import type { GatewayClient } from "../../gateway/client";
import { viewPaymentAtGateway } from "./gateway-snapshot";

const principal = (permissions: Principal["permissions"]): Principal => ({
  userId: "u1",
  sessionId: "s1",
  email: "v@x.test",
  name: "V",
  userType: "USER",
  permissions,
});
const viewer = principal(new Set(["TRANSACTIONS_VIEW"]));

const gateway = {
  paymentStatus: async () => ({
    kind: "success",
    httpStatus: 200,
    data: { status: "SETTLED", reason: null, date: "2025-01-01", rrn: "123", brand: "VISA" },
  }),
  transactionDetails: async () => ({
    kind: "success",
    httpStatus: 200,
    data: {
      transactionDetails: {
        transactionId: "g1",
        pan: "4111111111111111",
        cardScheme: "VISA",
        cardExpiration: "2030/12",
        paymentStatus: "PAID",
      },
      businessUnitHierarchy: {
        businessUnitId: "child",
        businessUnitName: "Riyadh",
        businessUnitNameAr: "الرياض",
        parent: { businessUnitId: "root", businessUnitName: "HQ" },
      },
    },
  }),
} as unknown as GatewayClient;
const down = {
  paymentStatus: async () => ({ kind: "transport", reason: "timeout", outcomeUnknown: false, message: "no answer" }),
  transactionDetails: async () => ({ kind: "transport", reason: "timeout", outcomeUnknown: false, message: "no answer" }),
} as unknown as GatewayClient;

describe("viewPaymentAtGateway", () => {
  const ids = { orderId: "o1", gatewayId: "g1" };

  it("is refused without TRANSACTIONS_VIEW", async () => {
    await expect(viewPaymentAtGateway({ deps: { gateway }, principal: principal(new Set()), ip: null }, ids)).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("masks the card and lists the business units outermost first", async () => {
    const snap = await viewPaymentAtGateway({ deps: { gateway }, principal: viewer, ip: null }, ids);
    expect(snap.status).toMatchObject({ ok: true, view: { status: "SETTLED", rrn: "123", brand: "VISA" } });
    if (!snap.details.ok) throw new Error("details expected");
    expect(snap.details.view.card).not.toContain("4111111111111111");
    expect(snap.details.view.card).toBe("VISA 4111 11•• •••• 1111");
    expect(snap.details.view.cardExpiry).toBe("12/2030"); // the words around it are the reader's (#15)
    expect(snap.details.businessUnits.map((u) => u.id)).toEqual(["root", "child"]);
  });

  it("a gateway that does not answer gives a note per query", async () => {
    const snap = await viewPaymentAtGateway({ deps: { gateway: down }, principal: viewer, ip: null }, ids);
    expect(snap.status).toMatchObject({ ok: false, message: expect.stringContaining("timeout") });
    expect(snap.details).toMatchObject({ ok: false });
  });
});
