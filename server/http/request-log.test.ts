// Rules guarded (operators): every request has an id that the answer carries, every log line written while serving
// it names, and the user sees as the error reference; an id a proxy sent is kept only when it looks like one (no
// header or log injection); one access-log line per request without the query (tokens travel there); LOG_LEVEL
// silences the lines below it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, logLevelFrom, memorySink, type Logger } from "../log/logger";
import { observeRequest } from "./request-log";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server whose handler runs inside observeRequest, logging one line of its own through `inner`. */
async function observedServer(log: Logger, inner: Logger): Promise<string> {
  const server = http.createServer((req, res) =>
    observeRequest(
      req,
      res,
      () => {
        setTimeout(() => {
          inner.info("handler.work", { step: 1 }); // a line written later, across an await
          if (req.url?.startsWith("/slow")) return; // never answered: the client gives up
          res.statusCode = req.url?.startsWith("/missing") ? 404 : 200;
          res.end("ok");
        }, 5);
        return true;
      },
      log,
    ),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("request ids and the access log", () => {
  it("a new UUID for a request without one: in the answer, in the handler's log line and in the access line", async () => {
    const sink = memorySink();
    const url = await observedServer(createLogger({ sink: sink.sink }), createLogger({ sink: sink.sink }));
    const res = await fetch(`${url}/api/transactions?token=secret-token-value`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await res.text();
    await expect.poll(() => sink.lines.length).toBe(2);
    const [work, access] = parsed(sink.lines);
    expect(work).toMatchObject({ event: "handler.work", requestId: id });
    expect(access).toMatchObject({ event: "http.request", requestId: id, method: "GET", path: "/api/transactions", status: 200 });
    expect(access!.ms).toEqual(expect.any(Number));
    expect(sink.text()).not.toContain("secret-token-value");
  });

  it("keeps a proxy's id that looks like one, and replaces one that could forge a header or a log line", async () => {
    const sink = memorySink();
    const url = await observedServer(createLogger({ sink: sink.sink }), createLogger({ sink: sink.sink }));
    const kept = await fetch(`${url}/missing`, { headers: { "X-Request-Id": "lb-1f2e3d4c-req:42" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1f2e3d4c-req:42");
    await kept.text();
    for (const bad of ["short", "has space in it", 'quote"injected', "x".repeat(129)]) {
      const res = await fetch(`${url}/missing`, { headers: { "X-Request-Id": bad } });
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await res.text();
    }
    await expect.poll(() => parsed(sink.lines).filter((l) => l.event === "http.request").length).toBe(5);
    expect(parsed(sink.lines).find((l) => l.event === "http.request")).toMatchObject({ requestId: "lb-1f2e3d4c-req:42", status: 404 });
  });

  it("marks a request whose client left before the answer, and leaves Next's static files out", async () => {
    const sink = memorySink();
    const url = await observedServer(createLogger({ sink: sink.sink }), createLogger({ sink: () => {} }));
    await fetch(`${url}/slow`, { signal: AbortSignal.timeout(200) }).catch(() => {});
    await expect.poll(() => sink.lines.length).toBe(1);
    expect(parsed(sink.lines)[0]).toMatchObject({ event: "http.request", path: "/slow", aborted: true });
    await (await fetch(`${url}/_next/static/chunks/app.js`)).text();
    await (await fetch(`${url}/favicon.ico`)).text();
    expect(sink.lines).toHaveLength(1);
  });
});

describe("LOG_LEVEL", () => {
  it("reads info, warn or error, and anything else as info", () => {
    expect(logLevelFrom("warn")).toBe("warn");
    expect(logLevelFrom("error")).toBe("error");
    expect(logLevelFrom(undefined)).toBe("info");
    expect(logLevelFrom("debug")).toBe("info");
  });

  it("writes nothing below the level (warn: no access lines, still the warnings)", () => {
    const sink = memorySink();
    const log = createLogger({ sink: sink.sink, minLevel: "warn" });
    log.info("http.request", {});
    log.warn("config.mfa_disabled", {});
    log.error("route.unhandled_error", {});
    expect(parsed(sink.lines).map((l) => l.event)).toEqual(["config.mfa_disabled", "route.unhandled_error"]);
  });
});
