// Fault injection per operation (control endpoint POST /__sandbox/faults): latency, HTTP 500/503, connection
// reset, malformed JSON, JSON of the wrong shape, and an answer of the right shape with an arbitrary result word
// (the family's UNDEFINED "outcome unknown", SUCCESS with status PENDING on a capture …): what a client must never
// book as money moved. Rules are matched before the handler runs.
import type { ServerResponse } from "node:http";
import type { Reply } from "./http-util";
import type { OperationName } from "./types";

export const FAULT_KINDS = ["latency", "http_500", "http_503", "reset", "malformed", "wrong_shape", "result_word"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  id: number;
  operation: OperationName | "*";
  fault: FaultKind;
  latencyMs: number;
  /**
   * Latency only: hold the answer until the client gives up and closes the connection (at most latencyMs), then do
   * the work, as a gateway finishes a request its client stopped waiting for. However slow the machine, the client's
   * timeout always wins, and the work always happens after it: the test's race with the client's timer is gone.
   */
  untilClientGone: boolean;
  /**
   * Latency only: hold the answer until the test says go (POST /__sandbox/faults/release, or the faults cleared),
   * at most latencyMs. A test that looks at the dashboard while a call is at the gateway (a button busy, a replay
   * answered "in flight", a database stopped mid-call) then has as long as it needs, on any machine, instead of a
   * window of fixed length that a loaded machine can miss. GET /__sandbox/faults/held says how many are waiting.
   */
  untilReleased: boolean;
  /** Calls left; null = until cleared. */
  remaining: number | null;
  /**
   * "before" (default): the handler does not run, nothing changes. "after": the handler runs (state changes) and
   * then the answer is replaced by the fault, i.e. the client loses the reply to an operation that happened.
   */
  phase: "before" | "after";
  /** result_word only: the `result` the answer carries. */
  result: string | null;
  /** result_word only: the `status` it carries; null removes it; undefined leaves the operation's own. */
  status?: string | null;
}

export class FaultInjector {
  private rules: FaultRule[] = [];
  private nextId = 1;
  private held = new Set<() => void>();

  add(rule: Omit<FaultRule, "id">): FaultRule {
    const r = { ...rule, id: this.nextId++ };
    this.rules.push(r);
    return r;
  }

  /** Clearing the faults also lets every held answer go: nothing stays stuck once a test has cleaned up. */
  clear(): void {
    this.rules = [];
    this.release();
  }

  /** Waits until released (or `ms` at the latest). */
  hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.held.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.held.add(done);
    });
  }

  /** How many answers are held now. */
  heldCount(): number {
    return this.held.size;
  }

  /** Lets every held answer go; returns how many there were. */
  release(): number {
    const waiting = [...this.held];
    for (const done of waiting) done();
    return waiting.length;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** The rule that applies to this call (an exact operation rule wins over "*"), consuming one use. */
  take(operation: OperationName): FaultRule | null {
    const rule = this.rules.find((r) => r.operation === operation) ?? this.rules.find((r) => r.operation === "*") ?? null;
    if (!rule) return null;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    return { ...rule };
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when the client closes the connection before an answer was written, or after `ms` at the latest. */
export function clientGoneOr(res: ServerResponse, ms: number): Promise<void> {
  if (res.destroyed || res.socket?.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.once("close", done);
  });
}

/** Operations answered in the form interface's {statusCode, responseBody} wrapper (contract 2.1). */
const WRAPPED: ReadonlySet<OperationName> = new Set(["partial_refund", "status", "recurring_v2"]);
/** Operations answered in the JSON envelope {code, message, errorCode, data}. */
const ENVELOPED: ReadonlySet<OperationName> = new Set(["initiate", "s2s_sale", "transaction_details"]);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function setWords(target: Record<string, unknown>, rule: Pick<FaultRule, "result" | "status">): void {
  target.result = rule.result;
  if (rule.status === null) delete target.status;
  else if (rule.status !== undefined) target.status = rule.status;
}

/**
 * The result_word fault's answer. "after": the operation's own answer (ids and all) with its result (and status)
 * replaced, wherever it sits (flat, in the wrapper's responseBody, in the envelope's data). "before": nothing was
 * done, so there is only the word, in the operation's usual shape.
 */
export function resultWordReply(operation: OperationName, rule: Pick<FaultRule, "result" | "status">, done: Reply | null): Reply {
  let value: unknown = null;
  if (done && /json/.test(done.contentType)) {
    try {
      value = JSON.parse(done.body.toString());
    } catch {
      value = null;
    }
  }
  if (!isObj(value)) {
    const words: Record<string, unknown> = {};
    setWords(words, rule);
    value = WRAPPED.has(operation)
      ? { statusCode: 200, responseBody: words }
      : ENVELOPED.has(operation)
        ? { code: 200, message: "Success", errorCode: null, data: words }
        : words;
  } else {
    const inner = isObj(value.responseBody) ? value.responseBody : isObj(value.data) ? value.data : value;
    setWords(inner, rule);
  }
  return { status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) };
}

/** Answer (or refuse to answer) with a non-latency fault (result_word is written by resultWordReply). */
export function writeFault(res: ServerResponse, fault: FaultKind): number {
  switch (fault) {
    case "reset":
      res.socket?.destroy();
      return 0;
    case "http_500":
    case "http_503": {
      const status = fault === "http_500" ? 500 : 503;
      const text = status === 500 ? "Internal Server Error" : "Service Unavailable";
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(`<html><head><title>${status} ${text}</title></head><body><h1>${status} ${text}</h1></body></html>`);
      return status;
    }
    case "malformed":
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end('{"result":"SUCCESS","status":"SETTLED","trans_id":"');
      return 200;
    case "wrong_shape":
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ sandbox: "wrong_shape", items: [1, 2, 3], ok: "maybe" }));
      return 200;
    case "latency":
    case "result_word":
      return 0;
  }
}
