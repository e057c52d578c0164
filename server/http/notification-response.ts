// The notification receiver's answers, as the gateway sees them: plain text, never cached. 200 "OK" for every
// delivery accepted (valid, duplicate or bad hash alike), 404 for a wrong path secret, and the status of a body
// that could not be read (400, 413, 415) with its standard reason phrase. And the delivery handed to the service.
import "server-only";
import { MAX_NOTIFICATION_BYTES } from "../services/notifications/parse-notification";
import type { NotificationDelivery, NotificationReceipt } from "../services/notifications/receive-notification";
import { readBodyText } from "./read-body";

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type" };

// The proxy does not run for this route (proxy.ts): the answer carries the headers that matter for plain text.
const HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

const plain = (status: number, body: string) => new Response(body, { status, headers: HEADERS });

export function notificationResponse(receipt: NotificationReceipt): Response {
  if (receipt.kind === "unknown_path") return plain(404, "Not Found");
  if (receipt.kind === "refused") return plain(receipt.status, STATUS_TEXT[receipt.status] ?? "Bad Request");
  return plain(200, "OK");
}

/** A request as the receiver service takes it: the body is read (size-capped, never buffered past the cap) on demand. */
export function notificationDelivery(req: Request, pathSecret: string): NotificationDelivery {
  return { pathSecret, contentType: req.headers.get("content-type"), readBody: () => readBodyText(req, MAX_NOTIFICATION_BYTES) };
}
