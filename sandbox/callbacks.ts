// Callback (notification) delivery to the merchant: fire-and-forget POSTs, urlencoded or JSON, retried on anything
// but HTTP 200, every delivery recorded for GET /__sandbox/callbacks. Protocol family: fields, form encoding, retries.
export interface Delivery {
  id: number;
  url: string;
  format: "form" | "json";
  /** The exact body that was sent. */
  body: string;
  fields: Record<string, string>;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  delivered: boolean;
  createdAt: string;
}

export interface CallbackOptions {
  url: string | null;
  format: "form" | "json";
  retryDelaysMs: number[];
  log: (line: string) => void;
}

const MAX_RECORDED = 1000;
const ATTEMPT_TIMEOUT_MS = 5000;

export class CallbackDispatcher {
  private deliveries: Delivery[] = [];
  private nextId = 1;
  private timers = new Set<NodeJS.Timeout>();
  private abort = new AbortController();
  private inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly opts: CallbackOptions) {}

  /** Queue a callback; returns at once (the API answer is never delayed by delivery). */
  send(fields: Record<string, string>): void {
    const url = this.opts.url;
    if (!url || this.closed) return;
    const body = this.opts.format === "json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const d: Delivery = {
      id: this.nextId++,
      url,
      format: this.opts.format,
      body,
      fields,
      attempts: 0,
      lastStatus: null,
      lastError: null,
      delivered: false,
      createdAt: new Date().toISOString(),
    };
    this.deliveries.push(d);
    if (this.deliveries.length > MAX_RECORDED) this.deliveries.shift();
    this.schedule(d, 0);
  }

  private schedule(d: Delivery, delayMs: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      const p = this.attempt(d).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }, delayMs);
    this.timers.add(t);
  }

  private async attempt(d: Delivery): Promise<void> {
    d.attempts += 1;
    try {
      const res = await fetch(d.url, {
        method: "POST",
        headers: {
          "content-type": d.format === "json" ? "application/json" : "application/x-www-form-urlencoded",
        },
        body: d.body,
        redirect: "manual",
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      d.lastStatus = res.status;
      d.lastError = null;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 200) {
        d.delivered = true;
        return;
      }
    } catch (e) {
      d.lastError = (e as Error).message;
    }
    if (this.closed) return;
    const delay = this.opts.retryDelaysMs[d.attempts - 1];
    if (delay === undefined) {
      this.opts.log(`callback #${d.id} ${d.fields.action ?? ""} gave up after ${d.attempts} attempts`);
      return;
    }
    this.schedule(d, delay);
  }

  list(): Delivery[] {
    return this.deliveries.map((d) => ({ ...d, fields: { ...d.fields } }));
  }

  /** Forget recorded deliveries and cancel pending retries (reset). */
  clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.deliveries = [];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}
