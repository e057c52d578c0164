// Rule guarded: a customer back from a payment link's checkout is not left on "Your payment is being confirmed" once
// the ledger knows the outcome; the page asks again on its own, a bounded number of times (about a minute), and
// stops as soon as it is no longer shown (the outcome arrived) — never a poll without end.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLL_DELAYS_MS, startPolling } from "./confirming-poller";

describe("the return page's polling while the payment is confirmed", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refreshes after 2, 3, 5, 5, 10, 10, 15 and 15 s, then stops", () => {
    const refresh = vi.fn();
    startPolling(refresh);
    vi.advanceTimersByTime(1_999);
    expect(refresh).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    const total = POLL_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBe(65_000);
    vi.advanceTimersByTime(total);
    expect(refresh).toHaveBeenCalledTimes(POLL_DELAYS_MS.length);
    vi.advanceTimersByTime(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(POLL_DELAYS_MS.length);
  });

  it("stops at once when the page no longer shows the wait (the outcome came)", () => {
    const refresh = vi.fn();
    const stop = startPolling(refresh);
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
