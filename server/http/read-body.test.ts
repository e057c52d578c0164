// Threat guarded: memory exhaustion. A body with no Content-Length (chunked) or a lying one is counted as it
// streams and abandoned past the cap; the server never buffers more than the cap. Invalid UTF-8 is refused.
import { describe, expect, it } from "vitest";
import { readBodyText } from "./read-body";

function chunked(parts: Uint8Array[], onPull?: () => void): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull?.();
      if (i < parts.length) controller.enqueue(parts[i++]!);
      else controller.close();
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readBodyText", () => {
  it("reads a body within the cap", async () => {
    expect(await readBodyText(new Request("http://x/", { method: "POST", body: '{"a":1}' }), 100)).toEqual({ ok: true, text: '{"a":1}' });
  });

  it("refuses a declared length over the cap without reading", async () => {
    const req = new Request("http://x/", { method: "POST", body: "x", headers: { "content-length": "1000000" } });
    expect(await readBodyText(req, 100)).toEqual({ ok: false, reason: "too_large" });
  });

  it("stops reading a chunked body once it passes the cap (the rest is never pulled)", async () => {
    let pulls = 0;
    const parts = Array.from({ length: 1000 }, () => new Uint8Array(64).fill(97));
    expect(
      await readBodyText(
        chunked(parts, () => pulls++),
        256,
      ),
    ).toEqual({ ok: false, reason: "too_large" });
    expect(pulls).toBeLessThan(10);
  });

  it("refuses bytes that are not UTF-8", async () => {
    expect(await readBodyText(chunked([new Uint8Array([0xff, 0xfe, 0x41])]), 100)).toEqual({ ok: false, reason: "not_utf8" });
  });
});
