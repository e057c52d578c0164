// Graceful stop. On SIGTERM or SIGINT (what `docker stop`, systemd and Ctrl+C send) the instance:
//   1. answers readiness with 503 "draining" at once, so a load balancer stops sending it work;
//   2. on SIGTERM, keeps serving for SHUTDOWN_DELAY_SECONDS (5 by default) while the load balancer's next health
//      checks notice: closing the listening socket at once resets the connections the kernel has accepted and the
//      process has not yet taken (seen: 5 of 84 requests under load), and a balancer that has not yet seen the 503
//      keeps opening them. Ctrl+C (SIGINT) is a person at a terminal: no delay;
//   3. stops accepting connections, closes idle keep-alive connections, and answers what is in flight (and, during
//      the delay, everything) with `Connection: close`, so no client has a request reset under it;
//   4. waits for the requests in flight; the whole stop takes at most SHUTDOWN_GRACE_SECONDS (25 by default: under
//      the 30 s Docker and Kubernetes give before SIGKILL), the delay included;
//   5. stops the background workers (each finishes the pass it is in) and closes the database pools;
//   6. exits 0.
// Next's own `next start` handler is switched off with NEXT_MANUAL_SIG_HANDLE (the start script and the
// Dockerfile set it): it waits for in-flight requests without a limit and exits 143 without the app's cleanup.
// The HTTP server is Next's; this module finds it through the requests it serves (the first request names it), and
// counts the requests in flight. No `import "server-only"`: its test drives a plain Node server.
import http from "node:http";
import https from "node:https";

interface ShutdownState {
  draining: boolean;
  inFlight: Set<http.ServerResponse>;
  servers: Set<http.Server>;
  /** Called each time a request ends while draining. */
  onRequestEnd: (() => void) | null;
  installed: boolean;
  signalsInstalled: boolean;
}

const KEY = Symbol.for("merchant-dashboard.shutdown");
const state: ShutdownState = ((globalThis as { [KEY]?: ShutdownState })[KEY] ??= {
  draining: false,
  inFlight: new Set(),
  servers: new Set(),
  onRequestEnd: null,
  installed: false,
  signalsInstalled: false,
});

export function isDraining(): boolean {
  return state.draining;
}

export function requestsInFlight(): number {
  return state.inFlight.size;
}

/** Asks the client to close the connection after this response, unless the headers are already on the wire. */
function closeAfter(res: http.ServerResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
}

/** Counts every request the process's HTTP servers receive until its response is finished or its client left. */
export function trackRequests(): void {
  if (state.installed) return;
  state.installed = true;
  for (const proto of [http.Server.prototype, https.Server.prototype]) {
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const res = args[1] as http.ServerResponse;
        state.servers.add(this);
        state.inFlight.add(res);
        // A client on a keep-alive connection reconnects (to another instance) instead of reusing this one.
        if (state.draining) closeAfter(res);
        res.once("close", () => {
          state.inFlight.delete(res);
          state.onRequestEnd?.();
        });
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    } as typeof proto.emit;
  }
}

/**
 * Stops taking work and waits for the requests in flight, at most `graceMs`. Resolves with how many were still
 * running when it gave up (0: all finished).
 */
export async function drain(graceMs: number, delayMs = 0): Promise<{ unfinished: number; waitedMs: number }> {
  const started = Date.now();
  state.draining = true;
  for (const res of state.inFlight) closeAfter(res);
  const delay = Math.min(Math.max(delayMs, 0), graceMs);
  if (delay > 0) {
    // Still serving (readiness says 503, every answer says `Connection: close`): idle keep-alive connections are
    // closed so their clients reconnect, to another instance once the balancer has taken this one out.
    for (const server of state.servers) server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, delay));
  }
  graceMs -= delay;
  for (const server of state.servers) {
    server.close(); // no new connections; resolves nothing here: keep-alive connections may stay open
    server.closeIdleConnections();
  }
  if (state.inFlight.size > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, graceMs);
      function done() {
        clearTimeout(timer);
        state.onRequestEnd = null;
        resolve();
      }
      state.onRequestEnd = () => {
        // A finished response's connection is idle now: close it rather than wait for the client.
        for (const server of state.servers) server.closeIdleConnections();
        if (state.inFlight.size === 0) done();
      };
    });
  }
  for (const server of state.servers) server.closeIdleConnections();
  return { unfinished: state.inFlight.size, waitedMs: Date.now() - started };
}

export interface GracefulStopOptions {
  /** The whole stop, the delay included. */
  graceMs: number;
  /** On SIGTERM: how long to keep serving (readiness 503) before the listening socket closes. */
  delayMs?: number;
  /** After the drain: stop the workers, close the pools. Its failure is logged, the exit still happens. */
  cleanup: () => Promise<void>;
  log: (event: string, fields: Record<string, unknown>) => void;
  exit?: (code: number) => void;
}

/** Installs the SIGTERM and SIGINT handlers, once per process; a second signal during the stop changes nothing. */
export function installGracefulStop(opts: GracefulStopOptions): void {
  if (state.signalsInstalled) return;
  state.signalsInstalled = true;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void gracefulStop(signal, opts);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

export async function gracefulStop(signal: string, opts: GracefulStopOptions): Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const delayMs = signal === "SIGTERM" ? Math.min(opts.delayMs ?? 0, opts.graceMs) : 0;
  opts.log("server.stopping", { signal, inFlight: state.inFlight.size, graceMs: opts.graceMs, delayMs });
  const { unfinished, waitedMs } = await drain(opts.graceMs, delayMs);
  let cleanupError: string | null = null;
  try {
    await opts.cleanup();
  } catch (e) {
    cleanupError = e instanceof Error ? e.message : String(e);
  }
  opts.log("server.stopped", { signal, waitedMs, unfinished, ...(cleanupError ? { cleanupError } : {}) });
  exit(unfinished > 0 || cleanupError ? 1 : 0);
}

/** For tests: forget the servers and the draining state (the request counting stays installed). */
export function resetShutdownStateForTests(): void {
  state.draining = false;
  state.inFlight.clear();
  state.servers.clear();
  state.onRequestEnd = null;
}
