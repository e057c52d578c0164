// Rule guarded: the lazily loaded resolver validates exactly as the schema does (the form and the route handler keep
// one schema), loads its modules once, and a failed load surfaces instead of letting an unvalidated form through.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-zod-resolver";

const schema = z.object({ amount: z.string().regex(/^\d+$/, "Digits only."), note: z.string().trim().default("") });
const opts = { fields: {}, shouldUseNativeValidation: false } as never;

describe("lazyZodResolver", () => {
  it("returns the schema's errors and its parsed (transformed) values", async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver<{ amount: string; note?: string }, z.output<typeof schema>>(load);
    const bad = await resolver({ amount: "1x" }, undefined, opts);
    expect(bad.errors.amount?.message).toBe("Digits only.");
    const good = await resolver({ amount: "12", note: "  hi " }, undefined, opts);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ amount: "12", note: "hi" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a schema that cannot be loaded fails the validation (rejects), it never passes the form", async () => {
    const resolver = lazyZodResolver<{ amount: string }>(async () => {
      throw new Error("offline");
    });
    await expect(resolver({ amount: "1" }, undefined, opts)).rejects.toThrow("offline");
  });
});
