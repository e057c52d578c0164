// The sandbox's state store: in memory, optionally persisted to <dataDir>/sandbox-state.json (atomic write:
// temp file + rename, debounced, flushed on close) and reloaded at start so that restarts keep payments.
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { seedState } from "./seed";
import type { CheckoutSession, Payment, StateData } from "./types";

/** A record's own entry (never an inherited one such as "constructor" or "__proto__"). */
export function own<T>(record: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export const STATE_FILE_NAME = "sandbox-state.json";
const SAVE_DEBOUNCE_MS = 200;

export class SandboxStore {
  data: StateData = seedState();
  /** order id → ids of the payments that carry it (derived; rebuilt on load and reset). */
  private orderIndex = new Map<string, Set<string>>();
  private sessionOrders = new Set<string>();
  private readonly file: string | null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string | null,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.file = dataDir ? path.join(dataDir, STATE_FILE_NAME) : null;
    if (this.file) this.load(this.file);
    this.reindex();
  }

  private load(file: string): void {
    if (!existsSync(file)) return;
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as { data?: StateData };
      if (parsed.data?.version !== 1) throw new Error("unknown state version");
      this.data = { ...seedState(), ...parsed.data };
    } catch (e) {
      // Keep the unreadable file for inspection and start from the seed rather than refusing to start.
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.log(`sandbox state file unreadable (${(e as Error).message}); moved to ${aside}, starting from seed`);
    }
  }

  private reindex(): void {
    this.orderIndex.clear();
    this.sessionOrders.clear();
    for (const p of Object.values(this.data.payments)) this.indexPayment(p);
    for (const s of Object.values(this.data.sessions)) this.sessionOrders.add(s.orderId);
  }

  private indexPayment(p: Payment): void {
    const set = this.orderIndex.get(p.orderId) ?? new Set<string>();
    set.add(p.id);
    this.orderIndex.set(p.orderId, set);
  }

  /** Back to the seed (control endpoint and RunningSandbox.reset). */
  reset(): void {
    this.data = seedState();
    this.reindex();
    this.changed();
  }

  payment(id: string | undefined): Payment | undefined {
    return own(this.data.payments, id);
  }

  addPayment(p: Payment): void {
    this.data.payments[p.id] = p;
    this.indexPayment(p);
    this.changed();
  }

  addSession(s: CheckoutSession): void {
    this.data.sessions[s.id] = s;
    this.sessionOrders.add(s.orderId);
    this.changed();
  }

  /**
   * An order id is taken by a checkout session or by any payment that was not declined: a declined attempt frees
   * its order id so that the merchant can try again under the same order.
   */
  orderTaken(orderId: string): boolean {
    if (this.sessionOrders.has(orderId)) return true;
    for (const id of this.orderIndex.get(orderId) ?? []) {
      if (this.data.payments[id]?.state !== "declined") return true;
    }
    return false;
  }

  /** Mark the state dirty: it is written to disk ~200 ms later (one write for a burst of changes). */
  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, SAVE_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Write now (chained after any write in progress), atomically: temp file then rename. */
  save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    this.writing = this.writing.then(async () => {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        await writeFile(tmp, JSON.stringify({ savedAt: new Date().toISOString(), data: this.data }), "utf8");
        await rename(tmp, file);
      } catch (e) {
        this.log(`sandbox state not saved: ${(e as Error).message}`);
      }
    });
    return this.writing;
  }

  /** Flush pending changes (called by close). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save();
  }
}
