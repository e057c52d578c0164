// Rules guarded: REPORT_SCHEDULER_INTERVAL_SECONDS defaults to 60 s and 0 turns the timer off (a pass can still be
// run on demand); the report scheduler starts once per process and never during `next build` (a build must not
// e-mail anyone); a pass runs at the interval, never two at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../config";
import { createLogger } from "../../../log/logger";
import type { ServiceDeps } from "../../deps";
import { ensureReportSchedulerStarted, startReportScheduler, stopReportScheduler } from "./scheduler";

vi.mock("./run-due-schedules", () => ({
  runDueSchedules: vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 30));
    return { runs: [], errors: [] };
  }),
}));
const { runDueSchedules } = await import("./run-due-schedules");
const quiet = createLogger({ sink: () => {} });
const depsWith = (env: Record<string, string>) => ({ config: readConfig(env), now: () => new Date() }) as unknown as ServiceDeps;

// Fake timers: the passes, the interval and the mocked pass's 30 ms all run on the test's clock, so that "no pass
// within the interval" is checked by moving the clock past it rather than by waiting it out.
describe("report scheduler", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await stopReportScheduler();
    vi.mocked(runDueSchedules).mockClear();
    delete process.env.NEXT_PHASE;
  });

  it("REPORT_SCHEDULER_INTERVAL_SECONDS: 60 s by default, 0 = off, negative refused", () => {
    expect(readConfig({}).reportSchedulerIntervalMs).toBe(60_000);
    expect(readConfig({ REPORT_SCHEDULER_INTERVAL_SECONDS: "0" }).reportSchedulerIntervalMs).toBe(0);
    expect(() => readConfig({ REPORT_SCHEDULER_INTERVAL_SECONDS: "-1" })).toThrow(/REPORT_SCHEDULER_INTERVAL_SECONDS/);
  });

  it("runs a pass at the interval, one at a time", async () => {
    vi.useFakeTimers();
    const handle = startReportScheduler(depsWith({}), 40, quiet);
    const [a, b] = [handle.runNow(), handle.runNow()];
    expect(a).toBe(b);
    await vi.advanceTimersByTimeAsync(30);
    await a;
    expect(vi.mocked(runDueSchedules).mock.calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(vi.mocked(runDueSchedules).mock.calls.length).toBeGreaterThanOrEqual(2);
    const stopping = handle.stop();
    await vi.advanceTimersByTimeAsync(30); // a pass running at stop() ends on the test's clock
    await stopping;
  });

  it("is not started during next build, and only once per process otherwise", async () => {
    vi.useFakeTimers();
    process.env.NEXT_PHASE = "phase-production-build";
    ensureReportSchedulerStarted(depsWith({ REPORT_SCHEDULER_INTERVAL_SECONDS: "1" }));
    delete process.env.NEXT_PHASE;
    ensureReportSchedulerStarted(depsWith({ REPORT_SCHEDULER_INTERVAL_SECONDS: "0" }));
    ensureReportSchedulerStarted(depsWith({ REPORT_SCHEDULER_INTERVAL_SECONDS: "1" })); // ignored: already started (off)
    // Neither the build's scheduler nor the ignored one set a timer: past their 1 s interval no pass has run.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(runDueSchedules).not.toHaveBeenCalled();
  });
});
