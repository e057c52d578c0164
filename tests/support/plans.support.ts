// Integration-test support for billing plans: a recurring token's first payment made at the real sandbox and
// entered in the ledger the way the notification flow enters it, a clock the test moves (ServiceDeps.now), and a
// notification receiver that only stores (its queue does nothing), so that the reconciler is what settles.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestDatabase } from "./db.support";
import { completedSale } from "./sandbox-flows.support";
import { insertPayment } from "../../server/ledger/payments";
import type { ServiceDeps } from "../../server/services/deps";
import { notificationResponse } from "../../server/http/notification-response";
import { receiveGatewayNotification } from "../../server/services/notifications/receive-notification";
import { notificationDelivery } from "../../server/http/notification-response";
import { WEBHOOK_SECRET, testLogger } from "./notifications.support";

export const DAY_MS = 86_400_000;

export async function recurringFirst(database: TestDatabase, deps: ServiceDeps) {
  const sale = await completedSale(deps.gateway, { minor: 10_000, recurringInit: true });
  const details = await deps.gateway.transactionDetails({ transactionId: sale.transId });
  if (details.kind !== "success") throw new Error(JSON.stringify(details));
  const token = details.data.transactionDetails.recurringToken!;
  const first = await insertPayment(database.db, {
    orderId: sale.orderId,
    gatewayId: sale.transId,
    kind: "sale",
    status: "captured",
    currency: "SAR",
    amountMinor: 10_000,
    authorizedMinor: 10_000,
    capturedMinor: 10_000,
    payerEmail: sale.payerEmail,
    payerName: "Amal Haddad",
    cardBin6: sale.card.bin6,
    cardLast4: sale.card.last4,
    recurringToken: token,
  });
  return { first, token };
}

/** A clock that starts at the real time and that the test moves forward (days pass in an instant). */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

/** The notification receiver behind a real HTTP port, storing notifications without processing them. */
export async function startStoringReceiver(getDeps: () => ServiceDeps) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(new URL(req.url ?? "/", "http://127.0.0.1"), {
        method: req.method,
        headers,
        body: new Uint8Array(Buffer.concat(chunks)),
      });
      const queue = { push: () => {}, idle: async () => {}, batchWindowMs: 0 };
      void receiveGatewayNotification(getDeps(), notificationDelivery(request, WEBHOOK_SECRET), { queue, logger: testLogger().logger })
        .then(notificationResponse)
        .then(async (r) => res.writeHead(r.status).end(await r.text()))
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/gateway/${WEBHOOK_SECRET}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
