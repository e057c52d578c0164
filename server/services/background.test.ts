// Rules guarded: the background work (reconciler, plan scheduler) starts when a Node.js server boots, not in the
// edge runtime and not during `next build` (which must never open the database or start timers); a database that
// is down at boot does not crash the server (the start is deferred to the first request).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const appDeps = vi.fn();
vi.mock("server-only", () => ({}));
vi.mock("./app-deps", () => ({ appDeps }));

const saved = { runtime: process.env.NEXT_RUNTIME, phase: process.env.NEXT_PHASE };
beforeEach(() => appDeps.mockReset());
afterEach(() => {
  process.env.NEXT_RUNTIME = saved.runtime;
  process.env.NEXT_PHASE = saved.phase;
  if (saved.runtime === undefined) delete process.env.NEXT_RUNTIME;
  if (saved.phase === undefined) delete process.env.NEXT_PHASE;
});

describe("instrumentation register()", () => {
  it("starts the background work on a Node.js server", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    delete process.env.NEXT_PHASE;
    const { register } = await import("../../instrumentation");
    await register();
    expect(appDeps).toHaveBeenCalledTimes(1);
  });

  it("does nothing in the edge runtime or during next build", async () => {
    const { register } = await import("../../instrumentation");
    process.env.NEXT_RUNTIME = "edge";
    await register();
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.NEXT_PHASE = "phase-production-build";
    await register();
    expect(appDeps).not.toHaveBeenCalled();
  });

  it("a database that is down at boot is logged and left to the first request, not thrown", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    delete process.env.NEXT_PHASE;
    appDeps.mockRejectedValueOnce(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    const { register } = await import("../../instrumentation");
    await expect(register()).resolves.toBeUndefined();
  });
});
