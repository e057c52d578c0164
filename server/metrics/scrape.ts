// One scrape: read the figures that come from the database and the registered job probes, within a time limit, and
// write the process's series with them in the text exposition format. The database's figures go into a registry
// made for this scrape only, so a figure this scrape could not read is absent (not a stale or zero value that
// would read as "nothing waits"), and a query that answers after the scrape gave up writes nowhere.
// dashboard_scrape_error says when something was left out.
import "server-only";
import { Gauge, Registry } from "prom-client";
import type { Db } from "../db/client";
import { logger as defaultLogger, type Logger } from "../log/logger";
import { readDatabaseFigures, type DatabaseFigures } from "./database-figures";
import { jobProbes, noteJobSuccess } from "./jobs";
import { metrics } from "./registry";

/** The longest a scrape waits for the database and the probes (Prometheus's own default scrape_timeout is 10 s). */
export const SCRAPE_TIMEOUT_MS = 3_000;

export interface ScrapeDeps {
  /** The process's database (getDatabase in the app); may hang or reject: the scrape still answers. */
  database(): Promise<Db>;
  timeoutMs?: number;
  logger?: Logger;
}

export interface ScrapeAnswer {
  body: string;
  contentType: string;
}

type Figures = Partial<DatabaseFigures>;

function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []): Gauge {
  return new Gauge({ name, help, labelNames, registers: [registry] });
}

/** The figures this scrape read, as gauges of a registry of its own (a group not read makes no series). */
function figureRegistry(f: Figures, incomplete: boolean, seconds: number): Registry {
  const r = new Registry();
  const shared = "Shared by every instance (aggregate with max, not sum).";
  if (f.outbox) {
    gauge(
      r,
      "dashboard_mail_outbox_depth",
      `E-mails in the outbox not sent yet: pending or being sent (counted up to 100000). ${shared}`,
    ).set(f.outbox.depth);
    gauge(
      r,
      "dashboard_mail_outbox_overdue_seconds",
      `How long the most overdue pending e-mail has been due (0 when none is). ${shared}`,
    ).set(f.outbox.overdueSeconds);
  }
  const lag =
    f.notifications || f.outcomes
      ? gauge(
          r,
          "dashboard_reconciler_lag_seconds",
          "Age of the oldest item the reconciler has still to settle (0 when none): queue=notifications, the oldest unprocessed " +
            `gateway notification; queue=payments, the oldest payment or money action whose outcome is unknown. ${shared}`,
          ["queue"],
        )
      : null;
  if (f.notifications) {
    gauge(
      r,
      "dashboard_gateway_notifications_unprocessed",
      `Gateway notifications stored and not processed yet (counted up to 100000). ${shared}`,
    ).set(f.notifications.unprocessed);
    lag!.set({ queue: "notifications" }, f.notifications.lagSeconds);
  }
  if (f.outcomes) {
    const unknown = gauge(
      r,
      "dashboard_outcome_unknown",
      "Ledger rows whose gateway outcome is not known, waiting for the reconciler's status query: kind=payment, payments in " +
        `status unknown; kind=action, captures, voids and refunds in state unknown (counted up to 100000). ${shared}`,
      ["kind"],
    );
    unknown.set({ kind: "payment" }, f.outcomes.payments);
    unknown.set({ kind: "action" }, f.outcomes.actions);
    lag!.set({ queue: "payments" }, f.outcomes.lagSeconds);
  }
  if (f.plans) {
    gauge(
      r,
      "dashboard_plan_charges_due",
      `Active billing plans past their next charge time with no charge in flight (counted up to 100000). ${shared}`,
    ).set(f.plans.due);
    gauge(
      r,
      "dashboard_plan_charges_overdue_seconds",
      `How long the most overdue billing plan charge has been due (0 when none is). ${shared}`,
    ).set(f.plans.overdueSeconds);
  }
  gauge(
    r,
    "dashboard_scrape_error",
    "1 when this scrape could not read every figure from the database and the registered job probes (one failed, or the " +
      "scrape's 3 s limit passed): what it could not read is absent from this answer. 0 otherwise.",
  ).set(incomplete ? 1 : 0);
  gauge(r, "dashboard_scrape_duration_seconds", "Time this scrape spent reading the database's figures and the job probes.").set(seconds);
  return r;
}

/** Resolves true when `work` settled within `ms`, false when the time ran out first (it then goes on unwatched). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function scrape(deps: ScrapeDeps): Promise<ScrapeAnswer> {
  const timeoutMs = deps.timeoutMs ?? SCRAPE_TIMEOUT_MS;
  const log = deps.logger ?? defaultLogger;
  const started = performance.now();
  const figures: Figures = {};
  const problems: string[] = [];
  let open = true; // what answers after the scrape gave up is not this scrape's
  const failed = (what: string) => (e: unknown) => void problems.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  const fromDatabase = (async () => {
    const db = await deps.database();
    await readDatabaseFigures(db, timeoutMs, (group, f) => {
      if (open) (figures as Record<string, unknown>)[group] = f;
    });
  })().catch(failed("database"));
  const fromProbes = [...jobProbes().values()].map(async (probe) => {
    try {
      const at = await probe.lastSuccessAt();
      if (at && open) noteJobSuccess(probe.job, at);
    } catch (e) {
      failed(`job ${probe.job}`)(e);
    }
  });
  const inTime = await settlesWithin(Promise.all([fromDatabase, ...fromProbes]), timeoutMs);
  open = false;
  if (!inTime) problems.push(`not read within ${timeoutMs} ms`);
  if (problems.length) log.warn("metrics.scrape_incomplete", { problems });
  const m = metrics();
  const merged = Registry.merge([m.registry, figureRegistry(figures, problems.length > 0, (performance.now() - started) / 1000)]);
  return { body: await merged.metrics(), contentType: m.registry.contentType };
}
