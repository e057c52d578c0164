// What the note form and the pages need of a payment note without zod (the payment page loads it with its first
// paint): the limits, the @-mention reader and the note as pages show it. The schema is ./payment-notes.ts.

export const NOTE_MAX_LENGTH = 2000;
/** At most this many colleagues are told of one note (the rest of the @-addresses stay plain text). */
export const NOTE_MAX_MENTIONS = 10;

// "@" at the start or after a space or an opening bracket, then an e-mail address; trailing punctuation is not part of it.
const MENTION = /(?:^|[\s(])@([^\s@()<>,;:"]+@[^\s@()<>,;:"]+\.[^\s@()<>,;:"!?]*[^\s@()<>,;:"!?.])/g;

/** The e-mail addresses a note mentions ("@sara@merchant.example"), lowercased, each once, in order. */
export function mentionedEmails(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(MENTION)) {
    found.add(m[1]!.toLowerCase());
    if (found.size === NOTE_MAX_MENTIONS) break;
  }
  return [...found];
}

/** A note as the payment and customer pages show it. */
export interface PaymentNoteView {
  id: string;
  body: string;
  author: string;
  createdAt: string;
  /** Colleagues who were told by mail (names). */
  mentioned: string[];
}
