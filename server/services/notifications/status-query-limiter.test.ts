// Threat guarded (#16): a flood of notifications failing verification cannot make the dashboard flood the gateway.
// At most one status query per payment per window (later hints coalesce into one deferred query), a global cap
// across payments, and a bound on how many payments may wait (memory stays bounded).
import { describe, expect, it } from "vitest";
import { createStatusQueryLimiter } from "./status-query-limiter";

describe("status-query limiter", () => {
  it("per payment: one query at once, then every hint inside the window coalesces into ONE deferred query", async () => {
    let runs = 0;
    const q = () => Promise.resolve(runs++);
    const l = createStatusQueryLimiter({ perPaymentMs: 200 });
    const outcomes = Array.from({ length: 500 }, () => l.hint("p1", q));
    expect(outcomes[0]).toBe("queried");
    expect(outcomes[1]).toBe("deferred");
    expect(outcomes.slice(2).every((o) => o === "coalesced")).toBe(true);
    await l.drained();
    expect(runs).toBe(2);
  });

  it("in total: beyond the global cap, other payments wait; beyond maxWaiting, a hint is dropped", async () => {
    let runs = 0;
    const q = () => Promise.resolve(runs++);
    const l = createStatusQueryLimiter({ globalPerWindow: 2, windowMs: 150, maxWaiting: 2 });
    expect(["a", "b", "c", "d", "e"].map((id) => l.hint(id, q))).toEqual(["queried", "queried", "deferred", "deferred", "dropped"]);
    await l.drained();
    expect(runs).toBe(4);
  });
});
