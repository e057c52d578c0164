// Integration-test support for the notification receiver and the sync: a sale made the way the dashboard makes it
// (ledger row first, so the payer e-mail is on file before any callback), notifications signed the way the
// gateway signs them, and a real local HTTP server wrapping the receiver for the sandbox to post its callbacks to.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import type { PaymentRow } from "../../server/db/schema";
import { EXPIRY, saleInput } from "./gateway-fixtures.support";
import { captureHash, cardPartsOf, type CardParts } from "../../server/gateway/signing";
import { advancePayment, insertPayment, lockPayment } from "../../server/ledger/payments";
import { createLogger, memorySink } from "../../server/log/logger";
import type { ServiceDeps } from "../../server/services/deps";
import { createNotificationQueue, type NotificationQueue } from "../../server/services/notifications/notification-queue";
import { notificationResponse } from "../../server/http/notification-response";
import { receiveGatewayNotification } from "../../server/services/notifications/receive-notification";
import { notificationDelivery } from "../../server/http/notification-response";

export const WEBHOOK_SECRET = "test-webhook-secret-0123456789";
export const TEST_ENV = { GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET };

export interface DashboardSale {
  payment: PaymentRow;
  transId: string;
  orderId: string;
  email: string;
  card: CardParts;
}

/** Ledger row (pending) → SALE → gateway id recorded (awaiting 3-D Secure) → collector (the gateway decides). */
export async function dashboardSale(
  deps: ServiceDeps,
  opts: { minor?: number; auth?: boolean; expMonth?: string; recurringInit?: boolean; saveToken?: boolean } = {},
): Promise<DashboardSale> {
  const minor = opts.minor ?? 10_000;
  const input = saleInput({
    minor,
    auth: opts.auth,
    expMonth: opts.expMonth ?? EXPIRY.approved,
    recurringInit: opts.recurringInit,
    saveToken: opts.saveToken,
  });
  const card = cardPartsOf(input.card.number);
  const pending = await insertPayment(deps.db, {
    orderId: input.orderId,
    kind: "sale",
    status: "pending",
    currency: "SAR",
    amountMinor: minor,
    payerEmail: input.payer.email,
    payerName: "Amal Haddad",
    cardBin6: card.bin6,
    cardLast4: card.last4,
    cardBrand: "VISA",
  });
  const sale = await deps.gateway.sale(input);
  if (sale.kind !== "success") throw new Error(`sale failed: ${JSON.stringify(sale)}`);
  const payment = await deps.db.transaction(async (tx) =>
    advancePayment(tx, (await lockPayment(tx, pending.id))!, { gatewayId: sale.data.trans_id, status: "awaiting_3ds" }, new Date()),
  );
  const body = (sale.data.redirect_params as { body?: string } | undefined)?.body ?? "";
  const col = await deps.gateway.collector({ body, redirectUrl: sale.data.redirect_url });
  if (col.kind !== "success") throw new Error(`collector failed: ${JSON.stringify(col)}`);
  return { payment, transId: sale.data.trans_id, orderId: input.orderId, email: input.payer.email, card };
}

/** A card-operation callback as the sandbox (and the protocol family) sends it, signed with the merchant secret. */
export function signedNotification(
  s: { transId: string; orderId: string; email: string; card: CardParts },
  secret: string,
  over: Record<string, string> = {},
): Record<string, string> {
  return {
    action: "SALE",
    result: "SUCCESS",
    status: "SETTLED",
    order_id: s.orderId,
    trans_id: s.transId,
    trans_date: "21-11-2025 12:00:00",
    amount: "100.00",
    currency: "SAR",
    card: `${s.card.bin6}XXXXXX${s.card.last4}`,
    card_brand: "VISA",
    card_expiration_date: "01/2038",
    merchant_name: "Sandbox Merchant",
    hash: captureHash({ email: s.email, secret, transId: s.transId, card: s.card }),
    ...over,
  };
}

export function notificationRequest(fields: Record<string, unknown>, opts: { format?: "form" | "json"; secret?: string } = {}): Request {
  const json = opts.format === "json";
  return new Request(`http://dashboard.test/api/webhooks/gateway/${opts.secret ?? WEBHOOK_SECRET}`, {
    method: "POST",
    headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields as Record<string, string>).toString(),
  });
}

/** A quiet logger whose lines the test can read. */
export function testLogger() {
  const mem = memorySink();
  return { logger: createLogger({ sink: mem.sink }), lines: mem.lines };
}

function toRequest(req: IncomingMessage, body: Buffer, base: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(new URL(req.url ?? "/", base), { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
}

export interface ReceiverServer {
  url: string;
  queue: NotificationQueue;
  close(): Promise<void>;
}

/** A real HTTP server on a free port wrapping the receiver exactly as the route does. */
export async function startReceiverServer(getDeps: () => ServiceDeps): Promise<ReceiverServer> {
  const queue = createNotificationQueue();
  const quiet = testLogger().logger;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const secret = decodeURIComponent((req.url ?? "").split("/").pop() ?? "");
      void receiveGatewayNotification(getDeps(), notificationDelivery(toRequest(req, Buffer.concat(chunks), "http://127.0.0.1"), secret), {
        queue,
        logger: quiet,
      })
        .then(notificationResponse)
        .then(async (r) => {
          res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "text/plain" }).end(await r.text());
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/gateway/${WEBHOOK_SECRET}`,
    queue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startCallbackSandbox(callbackUrl: string, format: "form" | "json" = "form"): Promise<RunningSandbox> {
  return startSandbox({ port: 0, dataDir: null, callbackUrl, callbackFormat: format, callbackRetryDelaysMs: [200, 500] });
}

/** Poll until `fn` gives a value (not undefined/null/false). */
export async function until<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A notification queue that holds every task pushed to it until `release()`, then hands them to a real queue: the
 * test decides when processing starts (the state a busy queue is in), instead of racing the scheduler.
 */
export function heldQueue(inner: NotificationQueue = createNotificationQueue()): { queue: NotificationQueue; release(): void } {
  const held: Array<() => Promise<unknown>> = [];
  let holding = true;
  return {
    queue: {
      batchWindowMs: inner.batchWindowMs,
      push: (task) => (holding ? held.push(task) : inner.push(task)),
      idle: () => inner.idle(),
    },
    release() {
      holding = false;
      for (const task of held.splice(0)) inner.push(task);
    },
  };
}
