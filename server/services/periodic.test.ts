// Rules guarded (the background jobs: reconciler, plan scheduler): one pass at a time per process (a second ask
// shares the running pass), a failed pass is logged and the next still comes, stop() waits for the running pass
// and no pass starts after it, and an interval of 0 starts nothing.
import { describe, expect, it, vi } from "vitest";
import { createLogger, memorySink } from "../log/logger";
import { startPeriodic } from "./periodic";

vi.mock("server-only", () => ({}));

const quiet = () => {
  const mem = memorySink();
  return { log: createLogger({ sink: mem.sink }), mem };
};

describe("startPeriodic", () => {
  it("shares a running pass instead of starting a second one", async () => {
    let release!: () => void;
    const run = vi.fn(() => new Promise<number>((r) => (release = () => r(1))));
    const h = startPeriodic({ name: "t", intervalMs: 60_000, run, log: quiet().log });
    const a = h.runNow();
    const b = h.runNow();
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(run).toHaveBeenCalledTimes(1);
    await h.stop();
  });

  it("runs every interval; a failed pass is logged and the next one still comes", async () => {
    const { log, mem } = quiet();
    let n = 0;
    const h = startPeriodic({
      name: "job",
      intervalMs: 10,
      run: async () => {
        n++;
        if (n === 1) throw new Error("boom");
        return n;
      },
      log,
    });
    await vi.waitFor(() => expect(n).toBeGreaterThanOrEqual(3), { timeout: 10_000 }); // 30 ms of intervals; 10 s for a loaded machine
    await h.stop();
    expect(mem.lines.some((l) => JSON.parse(l).event === "job.pass_failed")).toBe(true);
    const after = n;
    await new Promise((r) => setTimeout(r, 50));
    expect(n).toBe(after);
  });

  it("an interval of 0 starts no timer (runNow still works)", async () => {
    const run = vi.fn(async () => 7);
    const h = startPeriodic({ name: "t", intervalMs: 0, run, log: quiet().log });
    await new Promise((r) => setTimeout(r, 30));
    expect(run).not.toHaveBeenCalled();
    expect(await h.runNow()).toBe(7);
    await h.stop();
  });
});
