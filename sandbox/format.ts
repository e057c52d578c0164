// Wire formats of the sandbox: the gateway's date strings (all in UTC), random identifiers and stable seed UUIDs.
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `DD-MM-YYYY HH:MM:SS` (sale, capture, callbacks). */
export function transDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** `DD-MM-YYYY HH:MM` (payment status). */
export function statusDate(ms: number): string {
  return transDate(ms).slice(0, 16);
}

/** ISO 8601 without zone, microsecond fraction (transaction details): `2025-01-31T10:00:00.123000`. */
export function isoNoZone(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000`;
}

/** ISO 8601 UTC with a nanosecond fraction (roles): `2025-01-31T10:00:00.123000000Z`. */
export function isoNanos(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000000Z`;
}

/** `YYYY-MM-DD` of a UTC day. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function newId(): string {
  return randomUUID();
}

export function randomDigits(n: number): string {
  let s = String(randomInt(1, 10));
  while (s.length < n) s += String(randomInt(0, 10));
  return s;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/** A UUID (version-4 layout) derived from a name, so seed data is identical after every restart. */
export function stableUuid(name: string): string {
  const h = createHash("sha256").update(`sandbox-seed:${name}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A dotted-quad IPv4 address (each part 0–255, no leading zeros): what payer_ip must be. */
export function isIpv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}
