// Rules guarded: the scheduler starts once per process and never during `next build` (a build must not charge
// anyone); PLAN_SCHEDULER_INTERVAL_SECONDS=0 turns the timer off while a pass can still be run on demand; a pass
// runs at the interval, never two at once, and stop() waits for a running pass.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../config";
import type { ServiceDeps } from "../../deps";
import { createLogger } from "../../../log/logger";
import { ensurePlanSchedulerStarted, startPlanScheduler, stopPlanScheduler } from "./scheduler";

vi.mock("./run-due-plans", () => ({
  runDuePlans: vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 30));
    return { charged: [], settled: [], errors: [], ended: [] };
  }),
}));
const { runDuePlans } = await import("./run-due-plans");
const quiet = createLogger({ sink: () => {} });

function depsWith(env: Record<string, string>): ServiceDeps {
  return { config: readConfig(env), now: () => new Date() } as unknown as ServiceDeps;
}

// Fake timers: the passes, the interval and the mocked pass's 30 ms all run on the test's clock, so that "no pass
// within the interval" is checked by moving the clock past it rather than by waiting it out.
const calls = () => vi.mocked(runDuePlans).mock.calls.length;

describe("plan scheduler", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await stopPlanScheduler();
    vi.mocked(runDuePlans).mockClear();
    delete process.env.NEXT_PHASE;
  });

  it("runs a pass at the interval, one at a time, and stop() waits for it", async () => {
    vi.useFakeTimers();
    const handle = startPlanScheduler(depsWith({}), 40, quiet);
    const [a, b] = [handle.runNow(), handle.runNow()];
    expect(a).toBe(b); // the same pass, not two
    await vi.advanceTimersByTimeAsync(30);
    await a;
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(calls()).toBeGreaterThanOrEqual(2);
    // stop() during a pass resolves only once that pass has ended.
    const running = handle.runNow();
    let stopped = false;
    const stopping = handle.stop().then(() => void (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(30);
    await stopping;
    await running;
    const after = calls();
    await vi.advanceTimersByTimeAsync(400); // ten intervals: no pass comes after stop()
    expect(calls()).toBe(after);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("interval 0: no timer, but a pass can still be run on demand", async () => {
    vi.useFakeTimers();
    const handle = startPlanScheduler(depsWith({}), 0, quiet);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runDuePlans).not.toHaveBeenCalled();
    const pass = handle.runNow();
    await vi.advanceTimersByTimeAsync(30);
    expect(await pass).toEqual({ charged: [], settled: [], errors: [], ended: [] });
    await handle.stop();
  });

  it("is not started during next build, and only once per process otherwise", async () => {
    vi.useFakeTimers();
    process.env.NEXT_PHASE = "phase-production-build";
    ensurePlanSchedulerStarted(depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "1" }));
    delete process.env.NEXT_PHASE;
    const deps = depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "0" });
    ensurePlanSchedulerStarted(deps);
    ensurePlanSchedulerStarted(depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "1" })); // ignored: already started (off)
    // Neither the build's scheduler nor the ignored one set a timer: past their 1 s interval no pass has run.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(runDuePlans).not.toHaveBeenCalled();
  });
});
