// Reading a gateway notification: a size-capped body (read by the route layer), JSON or urlencoded (the production gateway
// documents JSON, the protocol family's examples are urlencoded: both are accepted), flattened to one payload
// shape, and the dedupe key of that payload (the same notification delivered twice has the same key, in either
// encoding).
import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson } from "../../audit/chain";

/** Largest notification body accepted; a card-operation callback is well under 2 KiB. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

export type NotificationPayload = Record<string, unknown>;

export type ParseFailure = { ok: false; status: 400 | 413 | 415; reason: string };
export type BodyRead = { ok: true; text: string } | ParseFailure;
export type ParsedNotification = { ok: true; payload: NotificationPayload; format: "json" | "form" } | ParseFailure;

/** A body as the route layer read it (size-capped, UTF-8 checked): server/http/read-body.ts gives this shape. */
export type BodyText = { ok: true; text: string } | { ok: false; reason: "too_large" | "not_utf8" };

/** The body's text, or the status that refuses it: 413 over the size cap, 400 when it is not UTF-8. */
export function bodyRead(r: BodyText): BodyRead {
  if (r.ok) return r;
  return r.reason === "too_large"
    ? { ok: false, status: 413, reason: "body too large" }
    : { ok: false, status: 400, reason: "body is not UTF-8" };
}

/** Scalars become strings, so that the JSON and the urlencoded form of one notification are the same payload. */
function normaliseValue(v: unknown): unknown {
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return v;
}

/** NUL and unpaired surrogates: no gateway sends them, and the database cannot store them (jsonb, text). */
function storable(v: unknown): boolean {
  if (typeof v === "string") return !v.includes("\u0000") && v.isWellFormed();
  if (Array.isArray(v)) return v.every(storable);
  if (v && typeof v === "object") return Object.entries(v).every(([k, x]) => storable(k) && storable(x));
  return true;
}

const unstorable: ParseFailure = { ok: false, status: 400, reason: "body holds NUL or unpaired surrogate characters" };

export function parseNotificationBody(contentType: string | null, text: string): ParsedNotification {
  const media = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (media === "application/json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, status: 400, reason: "body is not valid JSON" };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, status: 400, reason: "body is not a JSON object" };
    }
    if (!storable(value)) return unstorable;
    const payload: NotificationPayload = {};
    for (const [k, v] of Object.entries(value)) payload[k] = normaliseValue(v);
    return { ok: true, payload, format: "json" };
  }
  if (media === "application/x-www-form-urlencoded") {
    const payload: NotificationPayload = {};
    for (const [k, v] of new URLSearchParams(text)) {
      // The gateway never repeats a field; a repeated one is an attempt to smuggle a second value past the hash.
      if (Object.prototype.hasOwnProperty.call(payload, k)) return { ok: false, status: 400, reason: `field repeated: ${k}` };
      payload[k] = v;
    }
    if (!storable(payload)) return unstorable;
    return { ok: true, payload, format: "form" };
  }
  return { ok: false, status: 415, reason: `unsupported content type: ${media || "(none)"}` };
}

/** SHA-256 of the payload's canonical JSON (keys sorted): the same notification twice gives the same key. */
export function dedupeKeyOf(payload: NotificationPayload): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("hex");
}

/** A trimmed non-empty string field, or null. */
export function fieldOf(payload: NotificationPayload, name: string): string | null {
  const v = payload[name];
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t === "" ? null : t;
}

/**
 * The three notification shapes the receiver accepts (#16): the card-operation callback of the form interface
 * (`trans_id`, `order_id`, masked `card`), the S2S webhook of the JSON interface (`transactionId`), and the family's
 * hosted-checkout callback (`id`, `order_number`, `order_amount`, `order_currency`, `order_description`).
 */
export type NotificationShape = "card_callback" | "s2s_webhook" | "checkout_callback";

export function shapeOf(payload: NotificationPayload): NotificationShape {
  if (fieldOf(payload, "order_number") && fieldOf(payload, "id") && !fieldOf(payload, "trans_id")) return "checkout_callback";
  if (fieldOf(payload, "transactionId")) return "s2s_webhook";
  return "card_callback";
}

/** The gateway's id of the payment: `trans_id` (form interface), `transactionId` (JSON interface) or a checkout callback's `id`. */
export function transIdOf(payload: NotificationPayload): string | null {
  return (
    fieldOf(payload, "trans_id") ??
    fieldOf(payload, "transactionId") ??
    (shapeOf(payload) === "checkout_callback" ? fieldOf(payload, "id") : null)
  );
}

/** The merchant's order id: `order_id`, or a hosted-checkout callback's `order_number`. */
export function orderIdOf(payload: NotificationPayload): string | null {
  return fieldOf(payload, "order_id") ?? fieldOf(payload, "order_number");
}
