// Rule guarded (operators): stopping an instance loses no request. On SIGTERM it stops taking connections, lets
// every request in flight finish (asking keep-alive clients to reconnect elsewhere), gives up after the grace period
// and says so in its exit code, and only then stops the workers and closes the pools.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drain, gracefulStop, isDraining, requestsInFlight, resetShutdownStateForTests, trackRequests } from "./shutdown";

trackRequests();

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
  resetShutdownStateForTests();
});

/** A server whose answers take `ms` (or never come, for "hang"). */
async function slowServer(ms: number | "hang"): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    if (ms === "hang") return;
    setTimeout(() => res.end(`done ${req.url}`), ms);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function get(url: string, agent: http.Agent): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      })
      .on("error", reject);
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};

describe("graceful stop", () => {
  it("every request in flight on keep-alive connections finishes (none reset), each told to close its connection", async () => {
    const { url } = await slowServer(400);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    // 12 requests over 6 keep-alive connections: the second six are queued behind the first when the drain starts.
    const answers = Promise.allSettled(Array.from({ length: 12 }, (_, i) => get(`${url}/r${i}`, agent)));
    await until(() => requestsInFlight() === 6);
    const drained = drain(5_000);
    expect(isDraining()).toBe(true);
    const results = await answers;
    const { unfinished } = await drained;
    expect(unfinished).toBe(0);
    const ok = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    // The six in flight all finish, each answer telling the client to close its connection. The six queued in the
    // client behind them then need new connections, which are refused: nothing of them reached the server, so a
    // load balancer or client retries them elsewhere. None is reset half way (what a hard stop did to 12 of 12).
    expect(ok).toHaveLength(6);
    for (const answer of ok) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/^done \/r\d+$/);
      expect(answer.connection).toBe("close");
    }
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r.reason as NodeJS.ErrnoException).code);
    expect(refused).toEqual(Array(6).fill("ECONNREFUSED"));
    agent.destroy();
  });

  it("refuses new connections once draining", async () => {
    const { url } = await slowServer(300);
    const agent = new http.Agent({ keepAlive: false });
    const first = get(`${url}/first`, agent);
    await until(() => requestsInFlight() === 1);
    const drained = drain(5_000);
    await expect(get(`${url}/late`, agent)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect((await first).status).toBe(200);
    expect((await drained).unfinished).toBe(0);
  });

  it("with a delay (SIGTERM behind a load balancer): still serves new connections, each told to close, then refuses", async () => {
    const { url } = await slowServer(50);
    const agent = new http.Agent({ keepAlive: false });
    const drained = drain(5_000, 400);
    expect(isDraining()).toBe(true);
    // Inside the delay: a new connection is taken and answered (no reset for what the kernel had accepted).
    const during = await get(`${url}/during`, agent);
    expect(during).toMatchObject({ status: 200, connection: "close" });
    expect((await drained).unfinished).toBe(0);
    await expect(get(`${url}/after`, agent)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("the delay counts inside the grace period, and only SIGTERM waits it (Ctrl+C stops taking connections at once)", async () => {
    const fields: Array<Record<string, unknown>> = [];
    const opts = (delayMs: number) => ({
      graceMs: 300,
      delayMs,
      cleanup: async () => {},
      log: (_event: string, f: Record<string, unknown>) => void fields.push(f),
      exit: () => {},
    });
    let t0 = Date.now();
    await gracefulStop("SIGTERM", opts(10_000));
    const sigterm = Date.now() - t0;
    expect(fields[0]).toMatchObject({ signal: "SIGTERM", delayMs: 300 }); // capped at the grace
    expect(sigterm).toBeGreaterThanOrEqual(290);
    resetShutdownStateForTests();
    fields.length = 0;
    t0 = Date.now();
    await gracefulStop("SIGINT", opts(10_000));
    expect(fields[0]).toMatchObject({ signal: "SIGINT", delayMs: 0 });
    expect(Date.now() - t0).toBeLessThan(sigterm);
  });

  it("gives up after the grace period and reports what was left", async () => {
    const { url } = await slowServer("hang");
    const agent = new http.Agent({ keepAlive: false });
    get(`${url}/hangs`, agent).catch(() => {});
    await until(() => requestsInFlight() === 1);
    const { unfinished, waitedMs } = await drain(200);
    expect(unfinished).toBe(1);
    expect(waitedMs).toBeGreaterThanOrEqual(190);
    agent.destroy();
  });

  it("cleans up after the drain and exits 0; exits 1 when requests were cut off or the cleanup failed", async () => {
    const order: string[] = [];
    const events: string[] = [];
    const opts = (cleanup: () => Promise<void>) => ({
      graceMs: 100,
      cleanup,
      log: (event: string) => events.push(event),
      exit: (code: number) => order.push(`exit ${code}`),
    });
    await gracefulStop(
      "SIGTERM",
      opts(async () => void order.push("cleanup")),
    );
    expect(order).toEqual(["cleanup", "exit 0"]);
    expect(events).toEqual(["server.stopping", "server.stopped"]);

    order.length = 0;
    resetShutdownStateForTests();
    await gracefulStop(
      "SIGTERM",
      opts(async () => {
        throw new Error("pool would not close");
      }),
    );
    expect(order).toEqual(["exit 1"]);

    order.length = 0;
    resetShutdownStateForTests();
    const { url } = await slowServer("hang");
    const agent = new http.Agent({ keepAlive: false });
    get(`${url}/hangs`, agent).catch(() => {});
    await until(() => requestsInFlight() === 1);
    await gracefulStop(
      "SIGTERM",
      opts(async () => void order.push("cleanup")),
    );
    expect(order).toEqual(["cleanup", "exit 1"]);
    agent.destroy();
  });
});
