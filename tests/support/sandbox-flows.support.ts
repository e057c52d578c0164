// Helpers of the contract tests against the real sandbox over HTTP: the sandbox's control endpoints, and the
// multi-step flows (sale → collector) that every money test starts from. Only the client talks to the gateway
// operations; control endpoints and the customer's OTP answer (a browser's job) use plain fetch.
import { expect } from "vitest";
import { money, type Money } from "@/lib/money";
import type { GatewayClient } from "../../server/gateway/client";
import { cardPartsOf, type CardParts } from "../../server/gateway/signing";
import { EXPIRY, saleInput, uniqueId, VISA } from "./gateway-fixtures.support";

export type FaultKind = "latency" | "http_500" | "http_503" | "reset" | "malformed" | "wrong_shape" | "result_word";

export function sandboxControl(url: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: HTTP ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  return {
    addFault: (rule: {
      operation: string;
      fault: FaultKind;
      latencyMs?: number;
      untilClientGone?: boolean;
      /** Latency: hold the answer until releaseHeld() (or clearFaults()), at most latencyMs. */
      untilReleased?: boolean;
      times?: number;
      phase?: "before" | "after";
      /** result_word: the answer's result word, and its status (null: none). */
      result?: string;
      status?: string | null;
    }) => call("POST", "/__sandbox/faults", rule),
    listFaults: () => call("GET", "/__sandbox/faults") as Promise<Array<{ operation: string; fault: string; remaining: number | null }>>,
    clearFaults: () => call("DELETE", "/__sandbox/faults"),
    /** How many answers an untilReleased rule holds right now (the call has reached the gateway). */
    heldCount: async () => ((await call("GET", "/__sandbox/faults/held")) as { held: number }).held,
    releaseHeld: () => call("POST", "/__sandbox/faults/release", {}) as Promise<{ released: number }>,
    declineNext: (token: string, count = 1) => call("POST", "/__sandbox/decline-next", { token, count }),
    /** The customer's answer on the 3-D Secure page (a browser form post, not a merchant call). */
    answerChallenge: async (transId: string, otp: string) => {
      const res = await fetch(`${url}/payment/challenge/${encodeURIComponent(transId)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ otp }).toString(),
        redirect: "manual",
      });
      return { status: res.status, html: await res.text() };
    },
  };
}

export interface MadeSale {
  transId: string;
  orderId: string;
  payerEmail: string;
  card: CardParts;
  amount: Money;
}

/** SALE then the collector: a frictionless card ends settled (auth false) or authorized (auth true). */
export async function completedSale(
  client: GatewayClient,
  opts: {
    minor?: number;
    auth?: boolean;
    expMonth?: string;
    cardNumber?: string;
    recurringInit?: boolean;
    saveToken?: boolean;
    email?: string;
  } = {},
): Promise<MadeSale & { collectorHtml: string }> {
  const input = saleInput({
    minor: opts.minor ?? 10_000,
    auth: opts.auth,
    expMonth: opts.expMonth ?? EXPIRY.approved,
    cardNumber: opts.cardNumber ?? VISA,
    recurringInit: opts.recurringInit,
    saveToken: opts.saveToken,
    email: opts.email,
  });
  const sale = await client.sale(input);
  if (sale.kind !== "success") throw new Error(`sale failed: ${JSON.stringify(sale)}`);
  expect(sale.data).toMatchObject({ result: "REDIRECT", status: "REDIRECT", redirect_method: "POST" });
  const body = (sale.data.redirect_params as { body?: string } | undefined)?.body;
  expect(typeof body).toBe("string");
  const col = await client.collector({ body: body!, redirectUrl: sale.data.redirect_url });
  if (col.kind !== "success") throw new Error(`collector failed: ${JSON.stringify(col)}`);
  return {
    transId: sale.data.trans_id,
    orderId: input.orderId,
    payerEmail: input.payer.email,
    card: cardPartsOf(input.card.number),
    amount: input.amount,
    collectorHtml: col.data.html,
  };
}

/** The status word of a payment (status call must succeed). */
export async function statusOf(client: GatewayClient, sale: { orderId: string; transId: string }): Promise<string> {
  const r = await client.paymentStatus({ orderId: sale.orderId, gwayPaymentId: sale.transId });
  if (r.kind !== "success") throw new Error(`status failed: ${JSON.stringify(r)}`);
  return r.data.status;
}

export const sar = (minor: number) => money(minor, "SAR");
export const orderId = () => uniqueId("ord");
