// Rule guarded: logs are one JSON object per line, and nothing sensitive passes through the logger unredacted.
import { describe, expect, it } from "vitest";
import { createLogger, memorySink } from "./logger";

describe("logger", () => {
  it("writes one JSON line per event with ts, level and event to the injected sink", () => {
    const mem = memorySink();
    const log = createLogger({ sink: mem.sink, now: () => new Date(0) }).child({ component: "test" });
    log.info("thing.done", { n: 1 });
    log.warn("thing.odd");
    log.error("thing.failed", { level: "info" });
    expect(mem.lines.map((l) => JSON.parse(l))).toEqual([
      { ts: "1970-01-01T00:00:00.000Z", level: "info", event: "thing.done", component: "test", n: 1 },
      { ts: "1970-01-01T00:00:00.000Z", level: "warn", event: "thing.odd", component: "test" },
      { ts: "1970-01-01T00:00:00.000Z", level: "error", event: "thing.failed", component: "test" },
    ]);
  });

  it("redacts card numbers, CVVs and secrets in fields", () => {
    const mem = memorySink();
    createLogger({ sink: mem.sink, secretValues: ["my-api-key-value"], now: () => new Date(0) }).info("x", {
      body: { card_number: "4111111111111111", card_cvv2: "737", text: "key my-api-key-value, pan 4111111111111111" },
    });
    expect(mem.text()).not.toMatch(/4111111111111111|737|my-api-key-value/);
    expect(mem.text()).toContain("411111******1111");
  });

  it("never throws, even when the sink does", () => {
    const log = createLogger({
      sink: () => {
        throw new Error("disk full");
      },
    });
    expect(() => log.info("x", { a: 1n })).not.toThrow();
  });
});
