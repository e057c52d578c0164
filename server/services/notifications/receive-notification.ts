// The gateway notification receiver (protocol notes, "Callbacks"): path secret → body (capped) → parse (JSON or
// urlencoded) → verify the hash → store once (dedupe key) → a receipt at once; processing happens after the
// answer (process-notification.ts). A bad hash is stored, changes nothing by itself, and is still "accepted": a forger
// learns nothing from the answer. When it names a payment the ledger knows, it is a hint all the same (a wrong secret or
// profile, a shape signed another way): a rate-limited status query of our own is scheduled for that payment (#16),
// and only the gateway's answer moves the ledger. The route turns the receipt into the plain-text answer (server/http/notification-response.ts).
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Tx } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { gatewayNotifications } from "../../db/schema";
import { advancePayment, lockPayment, type PaymentPatch } from "../../ledger/payments";
import { logger as defaultLogger, type Logger } from "../../log/logger";
import { redact } from "../../log/redact";
import { webhookSecret } from "../../webhook-secret";
import type { ServiceDeps } from "../deps";
import { createBatcher, defaultNotificationQueue, type Batcher, type NotificationQueue } from "./notification-queue";
import {
  dedupeKeyOf,
  fieldOf,
  orderIdOf,
  parseNotificationBody,
  bodyRead,
  transIdOf,
  type BodyText,
  type NotificationPayload,
} from "./parse-notification";
import { processNotifications } from "./process-notification";
import { syncPayment } from "../sync/sync-payment";
import { defaultStatusQueryLimiter, type StatusQueryLimiter } from "./status-query-limiter";
import { verifyNotification, type HashVerdict, type NotifiedPayment } from "./verify-notification";

export interface ReceiveOptions {
  queue?: NotificationQueue;
  /** Bounds the status queries that notifications failing verification cause (default: the process's limiter). */
  statusQueries?: StatusQueryLimiter;
  logger?: Logger;
}

/**
 * One delivery as the route layer hands it over: the secret of its path, its declared content type, and a reader of
 * its body (size-capped by the route layer), called only once the path secret matched.
 */
export interface NotificationDelivery {
  pathSecret: string;
  contentType: string | null;
  readBody: () => Promise<BodyText>;
}

/**
 * What became of a delivery. "accepted": stored, or a duplicate, or stored as invalid (a bad hash is answered as
 * any other, so a forger learns nothing); "unknown_path": the path secret is wrong (nothing read, nothing stored);
 * "refused": the body could not be read or parsed (too large, not UTF-8, bad JSON, unsupported content type).
 */
export type NotificationReceipt =
  { kind: "accepted" } | { kind: "unknown_path" } | { kind: "refused"; status: 400 | 413 | 415; reason: string };

/** Constant-time comparison of the path secret (both sides hashed first, so lengths do not leak either). */
export function pathSecretMatches(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

export async function receiveGatewayNotification(
  deps: ServiceDeps,
  delivery: NotificationDelivery,
  opts: ReceiveOptions = {},
): Promise<NotificationReceipt> {
  const log = opts.logger ?? defaultLogger;
  if (!pathSecretMatches(delivery.pathSecret, webhookSecret(deps.config))) return { kind: "unknown_path" };

  const body = bodyRead(await delivery.readBody());
  const parsed = body.ok ? parseNotificationBody(delivery.contentType, body.text) : body;
  if (!parsed.ok) {
    log.warn("notification.rejected", { status: parsed.status, reason: parsed.reason });
    return { kind: "refused", status: parsed.status, reason: parsed.reason };
  }
  const payload = parsed.payload;
  const verification = await verifyNotification(deps.db, payload, deps.config.gateway);
  const stored = await store(deps, payload, delivery.contentType, verification.verdict, verification.payment);
  const facts = { transId: transIdOf(payload), orderId: orderIdOf(payload), action: fieldOf(payload, "action"), shape: verification.shape };
  if (!stored) {
    log.info("notification.duplicate", facts);
  } else if (verification.verdict === "invalid") {
    const payment = verification.payment;
    // Only the ids the LEDGER holds are queried (never the payload's), with our own signed status query.
    const hint = payment
      ? (opts.statusQueries ?? defaultStatusQueryLimiter()).hint(payment.id, () =>
          syncPayment(deps, payment.id, { source: "notification", notificationId: stored.id }),
        )
      : "none";
    log.warn("notification.invalid_hash", { ...facts, notificationId: stored.id, paymentId: payment?.id, statusQuery: hint });
  } else {
    log.info("notification.received", { ...facts, notificationId: stored.id, verdict: verification.verdict });
    batcherOf(opts.queue ?? defaultNotificationQueue()).add({ deps, id: stored.id, log });
  }
  return { kind: "accepted" };
}

interface Stored {
  deps: ServiceDeps;
  id: number;
  log: Logger;
}

const batchers = new WeakMap<NotificationQueue, Batcher<Stored>>();

/** The queue's batcher: stored notifications are processed a batch at a time (one claim, one sync per payment). */
function batcherOf(queue: NotificationQueue): Batcher<Stored> {
  let batcher = batchers.get(queue);
  if (!batcher) {
    batcher = createBatcher<Stored>(queue, async (items) => {
      // One batch per database (each request builds its own deps object around the process's one database and
      // gateway client; tests may hand several databases to one queue).
      const byDb = new Map<ServiceDeps["db"], Stored[]>();
      for (const item of items) {
        const group = byDb.get(item.deps.db);
        if (group) group.push(item);
        else byDb.set(item.deps.db, [item]);
      }
      for (const group of byDb.values())
        await processNotifications(
          group[0]!.deps,
          group.map((i) => i.id),
          group[0]!.log,
        );
    });
    batchers.set(queue, batcher);
  }
  return batcher;
}

/** The receiver's insert, built once (server/db/prepared.ts): a duplicate delivery inserts nothing. */
const insertNotification = preparedPer((db) =>
  db
    .insert(gatewayNotifications)
    .values({
      dedupeKey: sql.placeholder("dedupeKey"),
      receivedAt: sql.placeholder("receivedAt"),
      contentType: sql.placeholder("contentType"),
      action: sql.placeholder("action"),
      result: sql.placeholder("result"),
      status: sql.placeholder("status"),
      transId: sql.placeholder("transId"),
      orderId: sql.placeholder("orderId"),
      hashValid: sql.placeholder("hashValid"),
      payload: sql.placeholder("payload"),
      processingResult: sql.placeholder("processingResult"),
      // Raw, not through the column's encoder (which cannot take a null): an ISO time or null.
      processedAt: sql`${sql.placeholder("processedAtIso")}::timestamptz`,
      paymentId: sql.placeholder("paymentId"),
    })
    .onConflictDoNothing({ target: gatewayNotifications.dedupeKey })
    .returning({ id: gatewayNotifications.id })
    .prepare("notification_insert"),
);

/**
 * Store the notification once (the unique dedupe key makes a second delivery a no-op) and, when its hash is
 * valid, record the tokens it carries with the payment in the same transaction: the stored payload is redacted
 * (tokens masked), so this is the one moment they are known. Tokens are not state: no status changes here.
 * Without tokens to record, the row is one statement (one round trip, one commit; #17 pins it).
 */
async function store(
  deps: ServiceDeps,
  payload: NotificationPayload,
  contentType: string | null,
  verdict: HashVerdict,
  payment: NotifiedPayment | null,
): Promise<{ id: number } | null> {
  const now = deps.now();
  const values = {
    dedupeKey: dedupeKeyOf(payload),
    receivedAt: now,
    contentType: contentType?.slice(0, 200) ?? null,
    action: fieldOf(payload, "action")?.slice(0, 100) ?? null,
    result: fieldOf(payload, "result")?.slice(0, 100) ?? null,
    status: fieldOf(payload, "status")?.slice(0, 100) ?? null,
    transId: transIdOf(payload)?.slice(0, 255) ?? null,
    orderId: orderIdOf(payload)?.slice(0, 255) ?? null,
    hashValid: verdict === "valid",
    payload: redact(payload) as object,
    // An invalid hash is final at once; an unverifiable one waits for the status query to confirm the payment.
    processingResult: verdict === "invalid" ? "invalid_hash" : verdict === "unverifiable" ? "unverifiable" : null,
    processedAt: verdict === "invalid" ? now : null,
    paymentId: payment?.id ?? null,
  };
  const prepared = { ...values, processedAtIso: values.processedAt?.toISOString() ?? null };
  const carriesTokens = fieldOf(payload, "recurring_token") !== null || fieldOf(payload, "card_token") !== null;
  if (verdict !== "valid" || !payment || !carriesTokens) {
    const [row] = await insertNotification(deps.db).execute(prepared);
    return row ?? null;
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gatewayNotifications)
      .values(values)
      .onConflictDoNothing({ target: gatewayNotifications.dedupeKey })
      .returning({ id: gatewayNotifications.id });
    if (row) await recordTokens(deps, tx, payment.id, payload, row.id);
    return row ?? null;
  });
}

/**
 * The first verified token wins: a replayed notification with another token (the callback hash does not cover
 * the tokens) cannot replace one. The recurring token is re-checked against the transaction details at each sync.
 */
async function recordTokens(
  deps: ServiceDeps,
  tx: Tx,
  paymentId: string,
  payload: NotificationPayload,
  notificationId: number,
): Promise<void> {
  const recurringToken = fieldOf(payload, "recurring_token");
  const cardToken = fieldOf(payload, "card_token");
  if (!recurringToken && !cardToken) return;
  const payment = await lockPayment(tx, paymentId);
  if (!payment) return;
  const patch: PaymentPatch = {};
  if (recurringToken && !payment.recurringToken) patch.recurringToken = recurringToken;
  if (cardToken && !payment.cardToken) patch.cardToken = cardToken;
  const conflicting =
    (recurringToken && payment.recurringToken && payment.recurringToken !== recurringToken) ||
    (cardToken && payment.cardToken && payment.cardToken !== cardToken);
  if (conflicting) defaultLogger.warn("notification.token_conflict", { paymentId, notificationId });
  if (Object.keys(patch).length === 0) return;
  const now = deps.now();
  await advancePayment(tx, payment, patch, now);
  await appendAudit(tx, {
    action: "payment.tokens_recorded",
    targetType: "payment",
    targetId: paymentId,
    at: now,
    summary: { notificationId, recurringToken: patch.recurringToken !== undefined, cardToken: patch.cardToken !== undefined },
  });
}
