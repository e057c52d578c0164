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
    return { charged: [], settled: [], errors: [] };
  }),
}));
const { runDuePlans } = await import("./run-due-plans");
const quiet = createLogger({ sink: () => {} });

function depsWith(env: Record<string, string>): ServiceDeps {
  return { config: readConfig(env), now: () => new Date() } as unknown as ServiceDeps;
}

describe("plan scheduler", () => {
  afterEach(async () => {
    await stopPlanScheduler();
    vi.mocked(runDuePlans).mockClear();
    delete process.env.NEXT_PHASE;
  });

  it("runs a pass at the interval, one at a time, and stop() waits for it", async () => {
    const handle = startPlanScheduler(depsWith({}), 40, quiet);
    const [a, b] = [handle.runNow(), handle.runNow()];
    expect(a).toBe(b); // the same pass, not two
    await a;
    await new Promise((r) => setTimeout(r, 150));
    expect(vi.mocked(runDuePlans).mock.calls.length).toBeGreaterThanOrEqual(2);
    await handle.stop();
    const after = vi.mocked(runDuePlans).mock.calls.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(vi.mocked(runDuePlans).mock.calls.length).toBe(after);
  });

  it("interval 0: no timer, but a pass can still be run on demand", async () => {
    const handle = startPlanScheduler(depsWith({}), 0, quiet);
    await new Promise((r) => setTimeout(r, 60));
    expect(runDuePlans).not.toHaveBeenCalled();
    expect(await handle.runNow()).toEqual({ charged: [], settled: [], errors: [] });
    await handle.stop();
  });

  it("is not started during next build, and only once per process otherwise", async () => {
    process.env.NEXT_PHASE = "phase-production-build";
    ensurePlanSchedulerStarted(depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "1" }));
    delete process.env.NEXT_PHASE;
    const deps = depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "0" });
    ensurePlanSchedulerStarted(deps);
    ensurePlanSchedulerStarted(depsWith({ PLAN_SCHEDULER_INTERVAL_SECONDS: "1" })); // ignored: already started (off)
    await new Promise((r) => setTimeout(r, 1_200));
    expect(runDuePlans).not.toHaveBeenCalled();
  });
});
