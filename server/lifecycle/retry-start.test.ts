// Rule guarded: an instance that booted while its database was down recovers by itself once the database is back
// (its background workers start without waiting for a request), keeps trying through a long outage without
// flooding the log, and makes no attempt once it is stopping.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWithRetry } from "./retry-start";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("startWithRetry", () => {
  it("tries again on its own after a failure, sooner at first, until the start succeeds", async () => {
    let up = false;
    const start = vi.fn(async () => {
      if (!up) throw new Error("ECONNREFUSED");
    });
    const started = vi.fn();
    const deferred = vi.fn();
    await startWithRetry({ start, stopping: () => false, onStarted: started, onDeferred: deferred, delays: [100, 200, 400] });
    expect(start).toHaveBeenCalledTimes(1);
    expect(deferred).toHaveBeenCalledWith(expect.any(Error), 1, 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(3);
    up = true; // the database is back: the next attempt (400 ms later, the longest wait) starts everything
    await vi.advanceTimersByTimeAsync(400);
    expect(start).toHaveBeenCalledTimes(4);
    expect(started).toHaveBeenCalledWith(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(start).toHaveBeenCalledTimes(4); // nothing more once started
  });

  it("a long outage is logged at its start and then once in 30 attempts, not at every attempt", async () => {
    const deferred = vi.fn();
    const start = vi.fn(async () => {
      throw new Error("down");
    });
    await startWithRetry({ start, stopping: () => false, onStarted: vi.fn(), onDeferred: deferred, delays: [10] });
    await vi.advanceTimersByTimeAsync(10 * 60);
    expect(start).toHaveBeenCalledTimes(61);
    expect(deferred.mock.calls.map((c) => c[1])).toEqual([1, 31, 61]);
  });

  it("makes no attempt once the process is stopping (a stopped instance does not reopen its database)", async () => {
    let stopping = false;
    const start = vi.fn(async () => {
      throw new Error("down");
    });
    await startWithRetry({ start, stopping: () => stopping, onStarted: vi.fn(), onDeferred: vi.fn(), delays: [100] });
    stopping = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
