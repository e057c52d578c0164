// Keyset cursors of the transactions list: base64url of (sort column, its value in the last/first row shown, the
// row's id, which way to go). Opaque to people, validated on the way back in. Browser-safe.
import { z } from "@/lib/schemas/zod";

export const SORT_KEYS = ["created", "amount"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const uuid = z.uuid();
// created_at travels as Postgres's own text form (microseconds and offset), so the comparison is exact.
const timestampText = z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/);
const integerText = z.string().regex(/^\d{1,16}$/);

const cursorSchema = z.discriminatedUnion("s", [
  z.object({ s: z.literal("created"), v: timestampText, id: uuid, d: z.enum(["next", "prev"]) }),
  z.object({ s: z.literal("amount"), v: integerText, id: uuid, d: z.enum(["next", "prev"]) }),
]);

export type Cursor = z.infer<typeof cursorSchema>;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(c: Cursor): string {
  return toBase64Url(JSON.stringify([c.s, c.v, c.id, c.d]));
}

/** The cursor, or null when the text is not one of ours (tampered, truncated, or from another sort). */
export function decodeCursor(text: string): Cursor | null {
  if (text.length > 200) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const r = cursorSchema.safeParse({ s: parsed[0], v: parsed[1], id: parsed[2], d: parsed[3] });
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
