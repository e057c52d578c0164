// Rule guarded (operators): under `npm start` stdout is one JSON object per line, what log shippers parse. The
// dashboard's own JSON lines pass through untouched (no "[dashboard] " prefix breaking them); anything else a child
// prints (Next's banner, a stack trace) is wrapped as a JSON line naming the process, never dropped.
import { describe, expect, it } from "vitest";
import { asJsonLine } from "./processes";

const at = () => new Date("2026-11-28T01:00:00.000Z");

describe("a child's output as JSON log lines", () => {
  it("passes a JSON object line through as it is", () => {
    const line = '{"ts":"2026-11-28T01:00:00.000Z","level":"info","event":"server.start","version":"0.1.0"}';
    expect(asJsonLine("dashboard", line, "info", at)).toBe(line);
  });

  it("wraps a plain line, keeping its text, with the process's name and the stream's level", () => {
    expect(JSON.parse(asJsonLine("dashboard", "   ▲ Next.js 16.4.6", "info", at))).toEqual({
      ts: "2026-11-28T01:00:00.000Z",
      level: "info",
      event: "process.output",
      process: "dashboard",
      message: "   ▲ Next.js 16.4.6",
    });
    expect(JSON.parse(asJsonLine("dashboard", "Error: boom", "warn", at))).toMatchObject({ level: "warn", message: "Error: boom" });
  });

  it("wraps what only looks like JSON (a brace that does not parse, an array) instead of passing it on broken", () => {
    for (const text of ["{ not json", "[1,2]"]) {
      const out = JSON.parse(asJsonLine("dashboard", text, "info", at)) as { message: string };
      expect(out.message).toBe(text);
    }
  });
});
