// Rule guarded: an instance recovers once what it depends on comes back. A process-wide value (the database, the
// gateway client) whose making failed is made again by the next caller, never kept as a failure; one that was made
// is shared, and callers that arrive while it is being made wait for that one attempt.
import { describe, expect, it, vi } from "vitest";
import { processOnce } from "./process-once";

describe("processOnce", () => {
  it("a failure is not kept: the next call makes it again, and the success is then shared", async () => {
    const key = Symbol("test-failure-not-kept");
    const make = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValue("client");
    await expect(processOnce(key, make)).rejects.toThrow("database down");
    await expect(processOnce(key, make)).resolves.toBe("client");
    await expect(processOnce(key, make)).resolves.toBe("client");
    expect(make).toHaveBeenCalledTimes(2);
  });

  it("callers that arrive while it is being made share that one attempt, its failure included", async () => {
    const key = Symbol("test-shared-attempt");
    let fail!: (e: Error) => void;
    const make = vi.fn(() => new Promise<string>((_, reject) => (fail = reject)));
    const a = processOnce(key, make);
    const b = processOnce(key, make);
    fail(new Error("refused"));
    await expect(a).rejects.toThrow("refused");
    await expect(b).rejects.toThrow("refused");
    expect(make).toHaveBeenCalledTimes(1);
    await expect(processOnce(key, async () => "up")).resolves.toBe("up");
  });
});
