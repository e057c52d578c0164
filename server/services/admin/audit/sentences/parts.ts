// The pieces audit sentences are built from: a sentence is a list of parts, plain text or a left-to-right value
// (amount, order id, e-mail, id) that the page wraps in <bdi dir="ltr">. Readers of an entry's summary are forgiving:
// a missing or odd field gives null, never a throw (old rows keep their old shapes). The words come from the audit
// catalog (audit.s.*) in the reader's language: a Speaker turns one message into parts, its left-to-right values
// kept as such.
import "server-only";
import { formatLocaleOf, type Language, type UiPrefs } from "@/lib/i18n/languages";
import { formatMoney, isCurrencyCode } from "@/lib/money";
import { isPaymentStatus } from "@/lib/payment-status";
import { translatorFor } from "../../../../i18n/translator";

export type Part = string | { ltr: string };
export type Sentence = Part[];

export interface Entry {
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: Record<string, unknown>;
  /** The order id of the payment the entry targets, when the page looked it up (summaries do not always carry it). */
  orderId?: string | null;
}

export const ltr = (value: string): Part => ({ ltr: value });

type AuditT = ReturnType<typeof translatorFor<"audit">>;
/** A key of the sentences' messages (audit.s.*), without the "s." prefix. */
export type SentenceKey = Parameters<AuditT>[0] extends infer K ? (K extends `s.${infer R}` ? R : never) : never;
type Value = string | number | Part;

// Private-use characters mark where a left-to-right value sits in a translated message.
const OPEN = "\ue000";
const CLOSE = "\ue001";
const MARK = new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g");

export interface Speaker {
  language: Language;
  /** One message as a sentence; values given as ltr(...) come back as left-to-right parts. */
  say(key: SentenceKey, values?: Record<string, Value>): Sentence;
  /** One message as plain text (a piece placed inside another message). */
  text(key: SentenceKey, values?: Record<string, string | number>): string;
  /** "SAR 2,000.00" in the reader's digits. */
  money(minor: number, currency: Parameters<typeof formatMoney>[0]["currency"]): string;
  /** "a, b and c" ("none" for an empty list), in the reader's language. */
  names(items: readonly string[]): string;
}

export function speakerFor(prefs: Pick<UiPrefs, "language" | "digits">): Speaker {
  const t = translatorFor(prefs, "audit");
  const locale = formatLocaleOf(prefs);
  const message = (key: SentenceKey, values?: Record<string, string | number>) =>
    (t as unknown as (k: string, v?: Record<string, string | number>) => string)(`s.${key}`, values);
  return {
    language: prefs.language,
    say(key, values = {}) {
      const ltrValues: string[] = [];
      const plain: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(values)) {
        if (typeof v === "object") {
          plain[k] = `${OPEN}${ltrValues.length}${CLOSE}`;
          ltrValues.push(v.ltr);
        } else plain[k] = v;
      }
      const out = message(key, plain);
      const parts: Sentence = [];
      let at = 0;
      for (const m of out.matchAll(MARK)) {
        if (m.index! > at) parts.push(out.slice(at, m.index));
        parts.push(ltr(ltrValues[Number(m[1])]!));
        at = m.index! + m[0].length;
      }
      if (at < out.length) parts.push(out.slice(at));
      return parts;
    },
    text: (key, values) => message(key, values),
    money: (minor, currency) => formatMoney({ minor, currency }, locale),
    names(items) {
      if (items.length === 0) return message("list.none");
      if (items.length === 1) return items[0]!;
      return message("list.last", { head: items.slice(0, -1).join(message("list.separator")), last: items.at(-1)! });
    },
  };
}

export function str(s: Record<string, unknown>, key: string): string | null {
  const v = s[key];
  return typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null;
}

export function num(s: Record<string, unknown>, key: string): number | null {
  const v = s[key];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

export function list(s: Record<string, unknown>, key: string): string[] | null {
  const v = s[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : null;
}

/** "SAR 2,000.00" from amountMinor and currency, or the already formatted `amount`, or null. */
export function amountOf(sp: Speaker, s: Record<string, unknown>): string | null {
  const minor = num(s, "amountMinor");
  const currency = str(s, "currency");
  if (minor !== null && currency && isCurrencyCode(currency)) return sp.money(minor, currency);
  return str(s, "amount");
}

/** " of SAR 2,000.00" (or nothing when the entry has no amount). */
export function ofAmount(sp: Speaker, s: Record<string, unknown>): Sentence {
  const a = amountOf(sp, s);
  return a ? sp.say("ofAmount", { amount: ltr(a) }) : [];
}

/** " for order ORD-1" from the summary or the looked-up payment (or nothing). */
export function forOrder(sp: Speaker, e: Entry): Sentence {
  const order = str(e.summary, "orderId") ?? e.orderId ?? null;
  return order ? sp.say("forOrder", { order: ltr(order) }) : [];
}

/** A payment status in words, in lower case in English ("partially refunded"); another code as words. */
export function statusLabel(sp: Speaker, status: string | null): string | null {
  if (!status) return null;
  return isPaymentStatus(status) ? sp.text(`status.${status}`) : status.replace(/_/g, " ");
}

/** Upper-case the first letter (English sentences that start with a piece; no effect on Arabic). */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence's plain text (tests, CSV, titles). */
export const plainText = (s: Sentence) => s.map((p) => (typeof p === "string" ? p : p.ltr)).join("");
