// The two implementations of the contract's hash formulas behind one interface: the client's (server/gateway/
// signing.ts) and the sandbox's (sandbox/hashes.ts), so that the known answers and the property test run on both.
import * as client from "../../server/gateway/signing";
import * as sandbox from "../../sandbox/hashes";

export interface Signer {
  name: string;
  sale(email: string, secret: string, cardNumber: string): string;
  s2sSale(email: string, apiKey: string, cardNumber: string): string;
  tokenSale(email: string, secret: string, cardToken: string): string;
  capture(email: string, secret: string, transId: string, cardNumber: string): string;
  void(email: string, secret: string, transId: string, cardNumber: string): string;
  /** The callback hash with trans_id (the formula the sandbox signs with), from a masked card. */
  callback(email: string, secret: string, transId: string, maskedCard: string): string;
  creditvoid(transId: string, amount: string, secret: string): string;
  partialRefund(gwayId: string, amount: string, secret: string): string;
  status(gwayPaymentId: string, secret: string): string;
  recurringSale(r: {
    firstTransId: string;
    recurringToken: string;
    orderId: string;
    amount: string;
    description: string;
    secret: string;
  }): string;
}

function maskedParts(masked: string): { bin6: string; last4: string } {
  const parts = client.cardPartsOfMasked(masked);
  if (!parts) throw new Error(`not a masked card: ${masked}`);
  return parts;
}

export const clientSigner: Signer = {
  name: "client (server/gateway/signing.ts)",
  sale: (email, secret, n) => client.saleHash({ email, secret, card: client.cardPartsOf(n) }),
  s2sSale: (email, apiKey, n) => client.s2sSaleHash({ email, apiKey, card: client.cardPartsOf(n) }),
  tokenSale: (email, secret, cardToken) => client.tokenSaleHash({ email, secret, cardToken }),
  capture: (email, secret, transId, n) => client.captureHash({ email, secret, transId, card: client.cardPartsOf(n) }),
  void: (email, secret, transId, n) => client.voidHash({ email, secret, transId, card: client.cardPartsOf(n) }),
  callback: (email, secret, transId, masked) => client.callbackHashes({ email, secret, transId, card: maskedParts(masked) })[0]!,
  creditvoid: (transId, amount, secret) => client.creditvoidHash({ transId, amount, secret }),
  partialRefund: (gwayId, amount, secret) => client.partialRefundHash({ gwayId, amount, secret }),
  status: (gwayPaymentId, secret) => client.statusHash({ gwayPaymentId, secret }),
  recurringSale: (r) => client.recurringSaleHash(r),
};

export const sandboxSigner: Signer = {
  name: "sandbox (sandbox/hashes.ts)",
  sale: (email, secret, n) => sandbox.saleSignature(email, secret, sandbox.cardEnds(n)),
  s2sSale: (email, apiKey, n) => sandbox.s2sSaleSignature(email, apiKey, sandbox.cardEnds(n)),
  tokenSale: (email, secret, cardToken) => sandbox.tokenSaleSignature(email, secret, cardToken),
  capture: (email, secret, transId, n) => sandbox.captureSignature(email, secret, transId, sandbox.cardEnds(n)),
  void: (email, secret, transId, n) => sandbox.voidSignature(email, secret, transId, sandbox.cardEnds(n)),
  callback: (email, secret, transId, masked) => sandbox.callbackSignature(email, secret, transId, maskedParts(masked)),
  creditvoid: (transId, amount, secret) => sandbox.creditvoidSignature(transId, amount, secret),
  partialRefund: (gwayId, amount, secret) => sandbox.partialRefundSignature(gwayId, amount, secret),
  status: (gwayPaymentId, secret) => sandbox.statusSignature(gwayPaymentId, secret),
  recurringSale: (r) =>
    sandbox.recurringSaleSignature(
      {
        firstTransId: r.firstTransId,
        recurringToken: r.recurringToken,
        orderNumber: r.orderId,
        orderAmount: r.amount,
        orderDescription: r.description,
      },
      r.secret,
    ),
};

export const SIGNERS: readonly Signer[] = [clientSigner, sandboxSigner];
