// The notification receiver's answers, as the gateway sees them: plain text, never cached. 200 "OK" for every
// delivery accepted (valid, duplicate or bad hash alike), 404 for a wrong path secret, and the status of a body
// that could not be read (400, 413, 415) with its standard reason phrase.
import "server-only";
import type { NotificationReceipt } from "../services/notifications/receive-notification";

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type" };

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function notificationResponse(receipt: NotificationReceipt): Response {
  if (receipt.kind === "unknown_path") return plain(404, "Not Found");
  if (receipt.kind === "refused") return plain(receipt.status, STATUS_TEXT[receipt.status] ?? "Bad Request");
  return plain(200, "OK");
}
