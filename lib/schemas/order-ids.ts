// Order ids suggested in the browser when a dialog opens (editable; the ledger's unique index has the last word).
// Without zod, so that a form's first load does not pull it in.

/** `<prefix>-<time>-<random>`, e.g. for a saved-card or recurring charge. */
export function newOrderId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A new card payment's suggestion: `ord-<YYYYMMDD>-<random>`. */
export function newCardOrderId(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  const rand = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `ord-${day}-${rand}`;
}
