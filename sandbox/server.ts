// The sandbox gateway: startSandbox() runs one node:http server that plays both the form interface (/payment/…)
// and the JSON interface (/api/v1, /api/v2), plus the /__sandbox control endpoints used by tests.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX_DEFAULTS, SANDBOX_LEVEL_KEYS, type AccessLevel } from "./defaults";
import { CallbackDispatcher } from "./callbacks";
import type { Ctx, Deps, SandboxConfig } from "./context";
import { clientGoneOr, FaultInjector, resultWordReply, sleep, writeFault } from "./faults";
import { MailCatcher } from "./mail-catcher";
import { startAcs } from "./acs";
import { BodyError, envelopeError, invalidRequest, json, parseBody, readBody, wrapper, type Fields, type Reply } from "./http-util";
import { matchRoute, type BodyKind, type Route } from "./router";
import { resetAll } from "./routes/control";
import { SandboxStore } from "./state";
import { sandboxProfileOf, type SandboxProfile } from "./profile";
import type { OperationName } from "./types";

export type { OperationName } from "./types";
export { SEEDED_PARTNER_IDS, SEEDED_ROLE_IDS, SEEDED_BRANCH_COUNT } from "./seed";

export interface SandboxOptions {
  /** 0 = a free port; default SANDBOX_PORT or 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** null = memory only; default DATA_DIR or ".data"; the state file is <dataDir>/sandbox-state.json. */
  dataDir?: string | null;
  /** null (default) = no callbacks. */
  callbackUrl?: string | null;
  callbackFormat?: "form" | "json";
  /** Delays of the retries after a failed delivery; default [1000, 5000, 30000]. */
  callbackRetryDelaysMs?: number[];
  clientKey?: string;
  merchantSecret?: string;
  apiKey?: string;
  /** Wire name of the partial-refund merchant field; default "gateway_merchant_id". */
  partialRefundMerchantField?: string;
  /** The gateway profile (#16); default: read from GATEWAY_PROFILE and its overrides in the environment. */
  profile?: SandboxProfile;
  /** Base URL used in redirect_url, challenge forms, checkout links; default http://host:port. */
  publicUrl?: string;
  log?: (line: string) => void;
  /**
   * Port of the local mail catcher's SMTP server on `host`; null = no catcher. Default: SANDBOX_SMTP_PORT, else the
   * HTTP port + 15 (the dashboard's config applies the same rule), or a free port when the HTTP port is 0.
   */
  smtpPort?: number | null;
  /**
   * Port of the Access Control Server of the "acs" challenge mode (sandbox/acs.ts) on `host`; null = none. Default:
   * SANDBOX_ACS_PORT, else the HTTP port + 30, or a free port when the HTTP port is 0.
   */
  acsPort?: number | null;
}

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  reset(): void;
  state: SandboxStore;
  /** The mail catcher's SMTP port, or null when it does not run. */
  smtpPort: number | null;
  mail: MailCatcher;
  /** The ACS origin of the "acs" challenge mode, or null when it does not run. */
  acsUrl: string | null;
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** A request-level failure in the shape of the interface the path belongs to. */
function errorFor(path: string, status: number, message: string): Reply {
  if (path.startsWith("/api/")) return envelopeError(status, message);
  if (path === "/payment/post") return invalidRequest([message]);
  // The partial refund and the status query answer in the form interface's wrapper, their errors too (2.1).
  if (path === "/payment/refund" || path === "/payment/status") return wrapper(status, { message });
  return json(status, { message });
}

function write(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, {
    "content-type": reply.contentType,
    "content-length": Buffer.byteLength(reply.body),
    ...reply.headers,
  });
  res.end(reply.body);
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: Deps, log: (l: string) => void): Promise<void> {
  const started = performance.now();
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  let op: OperationName | null = null;
  let status = 0;
  try {
    const found = matchRoute(method, path);
    let reply: Reply;
    if (!found) {
      reply = errorFor(path, 404, `No handler for ${method} ${path}`);
    } else {
      const raw = method === "GET" || method === "HEAD" ? Buffer.alloc(0) : await readBody(req);
      const fields = await parseBody(req.headers["content-type"], raw);
      const { route, params } = found;
      op = typeof route.op === "function" ? route.op(fields) : route.op;
      const refusal = contentTypeRefusal(route, req.headers["content-type"], fields, path);
      const rule = op ? deps.faults.take(op) : null;
      if (rule?.fault === "latency")
        await (rule.untilClientGone
          ? clientGoneOr(res, rule.latencyMs)
          : rule.untilReleased
            ? deps.faults.hold(rule.latencyMs)
            : sleep(rule.latencyMs));
      else if (rule?.phase === "before") {
        if (rule.fault === "result_word") {
          reply = resultWordReply(op!, rule, null);
          status = reply.status;
          write(res, reply);
        } else status = writeFault(res, rule.fault);
        return;
      }
      const apiKey = typeof req.headers["x-api-key"] === "string" ? req.headers["x-api-key"] : null;
      const level = apiKey ? (deps.config.apiKeys.get(apiKey) ?? null) : null;
      const ctx: Ctx = { method, url, params, fields, headers: req.headers, apiKey, level };
      if (refusal) {
        reply = refusal;
      } else if (route.access && !level) {
        reply = json(401, { code: 401, errorCode: "401", message: "Invalid API key", data: null });
      } else if (route.access && route.access !== "any" && !route.access.includes(level!)) {
        reply = envelopeError(403, `Access denied for access level ${level}`);
      } else {
        reply = await route.handler(ctx, deps);
      }
      if (rule?.fault === "result_word" && rule.phase === "after") reply = resultWordReply(op!, rule, reply);
      else if (rule && rule.fault !== "latency" && rule.phase === "after") {
        status = writeFault(res, rule.fault);
        return;
      }
    }
    status = reply.status;
    write(res, reply);
  } catch (e) {
    const bodyError = e instanceof BodyError;
    const reply = bodyError ? errorFor(path, e.status, e.message) : errorFor(path, 500, "Internal sandbox error");
    if (!bodyError) log(`sandbox error on ${method} ${path}: ${(e as Error).stack ?? String(e)}`);
    status = reply.status;
    if (!res.headersSent) write(res, reply);
    else res.end();
  } finally {
    // Method, path (no query: it can carry an e-mail), operation, status, time. Never bodies, keys or hashes.
    log(`${method} ${path} ${op ?? "-"} ${status || "reset"} ${Math.round(performance.now() - started)}ms`);
  }
}

/** What kind of body a content type declares (the parameters such as charset and boundary do not matter). */
function bodyKindOf(contentType: string | undefined): BodyKind | null {
  const media = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (media === "multipart/form-data") return "multipart";
  if (media === "application/x-www-form-urlencoded") return "urlencoded";
  if (media === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(media)) return "json";
  return null;
}

/** 415 in the interface's own error shape when the route takes another content type (the gateway does the same). */
function contentTypeRefusal(route: Route, contentType: string | undefined, fields: Fields, path: string): Reply | null {
  if (!route.accepts) return null;
  const allowed = typeof route.accepts === "function" ? route.accepts(fields) : route.accepts;
  const kind = bodyKindOf(contentType);
  if (kind && allowed.includes(kind)) return null;
  return errorFor(path, 415, `Unsupported content type ${contentType?.split(";")[0] || "(none)"}: send ${allowed.join(" or ")}`);
}

function acsPortOf(opts: SandboxOptions, httpPort: number): number | null {
  if (opts.acsPort !== undefined) return opts.acsPort;
  if (httpPort === 0) return 0;
  const fromEnv = opts.port === undefined ? Number(process.env.SANDBOX_ACS_PORT) : NaN;
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : httpPort + 30;
}

function smtpPortOf(opts: SandboxOptions, httpPort: number): number | null {
  if (opts.smtpPort !== undefined) return opts.smtpPort;
  if (httpPort === 0) return 0;
  const fromEnv = opts.port === undefined ? Number(process.env.SANDBOX_SMTP_PORT) : NaN;
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : httpPort + 15;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? "127.0.0.1";
  const port = opts.port ?? (Number(process.env.SANDBOX_PORT) || SANDBOX_DEFAULTS.port);
  const dataDir = opts.dataDir === undefined ? (process.env.DATA_DIR ?? ".data") : opts.dataDir;

  const store = new SandboxStore(dataDir, log);
  const faults = new FaultInjector();
  const callbacks = new CallbackDispatcher({
    url: opts.callbackUrl ?? null,
    format: opts.callbackFormat ?? "form",
    retryDelaysMs: opts.callbackRetryDelaysMs ?? [1000, 5000, 30000],
    log,
  });
  const apiKey = opts.apiKey ?? SANDBOX_DEFAULTS.apiKey;
  const apiKeys = new Map<string, AccessLevel>([
    ...(Object.entries(SANDBOX_LEVEL_KEYS) as Array<[AccessLevel, string]>).map(([lvl, key]) => [key, lvl] as [string, AccessLevel]),
    [apiKey, "SUPER_ADMIN"],
  ]);
  const config: SandboxConfig = {
    clientKey: opts.clientKey ?? SANDBOX_DEFAULTS.clientKey,
    merchantSecret: opts.merchantSecret ?? SANDBOX_DEFAULTS.merchantSecret,
    apiKey,
    merchantName: SANDBOX_DEFAULTS.merchantName,
    businessUnitId: SANDBOX_DEFAULTS.businessUnitId,
    partialRefundMerchantField: opts.partialRefundMerchantField ?? "gateway_merchant_id",
    profile: opts.profile ?? sandboxProfileOf(process.env),
    publicUrl: "http://placeholder.invalid", // set once the port is known
    acsUrl: null, // set once the ACS server listens
    apiKeys,
  };
  // The inbox lives in the saved state: a restart keeps unread mail; a reset empties it with everything else.
  const mail = new MailCatcher(log, {
    get: () => (store.data.mails ??= []),
    set: (mails) => {
      store.data.mails = mails;
      store.changed();
    },
  });
  const deps: Deps = { config, store, callbacks, faults, hostile: { reports: [], topNavigations: 0 }, mail, acsLog: [] };
  const smtpPort = smtpPortOf(opts, port);
  if (smtpPort !== null) await mail.start(smtpPort, host);
  const acsPort = acsPortOf(opts, port);
  const acs =
    acsPort === null
      ? null
      : // A test feature: a port already taken leaves the sandbox without its bank (the acs mode then refuses to switch
        // on) rather than stopping `npm start`.
        await startAcs(deps, host, acsPort, urlHost(host)).catch((e: unknown) => {
          log(`sandbox: the acs challenge mode's bank could not listen on port ${acsPort} (${(e as Error).message}); acs mode is off`);
          return null;
        });
  config.acsUrl = acs?.url ?? null;

  const server = createServer((req, res) => void handle(req, res, deps, log));
  // Idle keep-alive connections are closed after 65 s, like a gateway behind a typical load balancer. The client
  // closes its own idle ones first (at most 60 s, or a second before the server's hint): with Node's 5 s a stalled
  // event loop could let the client pick a socket the server was closing, and a money call then met ECONNRESET, an
  // "unknown outcome" (one of 50 concurrent test refunds, on a busy machine).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (e: unknown) => {
    await mail.close();
    await acs?.close();
    throw e;
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${actualPort}`;
  config.publicUrl = (opts.publicUrl ?? url).replace(/\/+$/, "");

  let closing: Promise<void> | null = null;
  return {
    url,
    port: actualPort,
    state: store,
    smtpPort: mail.port,
    mail,
    acsUrl: config.acsUrl,
    reset: () => resetAll(deps),
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await callbacks.close();
        await mail.close();
        await acs?.close();
        await store.flush();
      })();
      return closing;
    },
  };
}
