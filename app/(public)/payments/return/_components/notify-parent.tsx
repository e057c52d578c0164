"use client";

import { useEffect } from "react";

/** Message type the payment page listens for; the message carries no result, only "the customer is back". */
export const PAYMENT_RETURN_MESSAGE = "payment-return";

export function NotifyParent() {
  useEffect(() => {
    if (window.parent === window) return;
    const url = new URL(window.location.href);
    // Addressed to the dashboard's own origin only; in a sandboxed frame our own origin is opaque, the URL's is not.
    window.parent.postMessage({ type: PAYMENT_RETURN_MESSAGE, query: Object.fromEntries(url.searchParams) }, url.origin);
  }, []);
  return null;
}
