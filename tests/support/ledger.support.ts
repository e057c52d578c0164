// Integration-test support: a real payment on the sandbox, and its ledger row, as the payment flows of the
// dashboard leave them (gateway id, payer e-mail, card parts, amounts).
import type { Db } from "../../server/db/client";
import type { PaymentRow } from "../../server/db/schema";
import type { GatewayClient } from "../../server/gateway/client";
import { completedSale } from "./sandbox-flows.support";
import { insertPayment } from "../../server/ledger/payments";

export async function paymentOnSandbox(
  db: Db,
  gateway: GatewayClient,
  opts: { minor: number; auth: boolean; expMonth?: string; createdBy?: string },
): Promise<PaymentRow> {
  const sale = await completedSale(gateway, { minor: opts.minor, auth: opts.auth, expMonth: opts.expMonth });
  return insertPayment(db, {
    orderId: sale.orderId,
    gatewayId: sale.transId,
    kind: "sale",
    status: opts.auth ? "authorized" : "captured",
    currency: "SAR",
    amountMinor: opts.minor,
    authorizedMinor: opts.minor,
    capturedMinor: opts.auth ? 0 : opts.minor,
    payerEmail: sale.payerEmail,
    payerName: "Test Payer",
    payerIp: "10.20.30.40",
    cardBin6: sale.card.bin6,
    cardLast4: sale.card.last4,
    cardBrand: "VISA",
    createdBy: opts.createdBy ?? null,
  });
}
