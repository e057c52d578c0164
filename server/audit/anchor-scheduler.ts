// The audit anchoring worker of one process: a pass (anchor-pass.ts) every AUDIT_ANCHOR_MINUTES, the first shortly
// after start so that a fresh or upgraded log gets its first full walk, checkpoint and anchor early. Every instance
// runs one; passes of two instances at once are harmless (each checkpoint and anchor is true when written), and
// each anchors into its own AUDIT_ANCHOR_DIR. Started once per process from app-deps, not during `next build`.
import "server-only";
import { logger as defaultLogger } from "../log/logger";
import { startPeriodic, type PeriodicHandle } from "../services/periodic";
import type { Db } from "../db/client";
import { anchorMailer } from "./anchor-notices";
import { anchorAuditTrail, type AnchorPassResult } from "./anchor-pass";

const FIRST_PASS_DELAY_MS = 20_000;

export interface AnchorWorkerDeps {
  db: Db;
  now: () => Date;
  config: { appUrl: string; auditChain: { anchorEveryMs: number; anchorDir: string; mailTo: string | null } };
}

const globalKey = Symbol.for("merchant-dashboard.audit-anchor");
type Holder = { [globalKey]?: PeriodicHandle<AnchorPassResult> };

export function startAuditAnchoring(deps: AnchorWorkerDeps, opts: { firstDelayMs?: number } = {}): PeriodicHandle<AnchorPassResult> {
  const log = defaultLogger;
  const notify = anchorMailer(deps);
  return startPeriodic<AnchorPassResult>({
    name: "audit_anchor",
    intervalMs: deps.config.auditChain.anchorEveryMs,
    firstDelayMs: opts.firstDelayMs ?? FIRST_PASS_DELAY_MS,
    run: () => anchorAuditTrail({ db: deps.db, now: deps.now, log, notify }, { anchorDir: deps.config.auditChain.anchorDir }),
    report(r) {
      if (r.report.ok)
        log.info("audit.anchor_pass", { rows: r.report.rows, walked: r.report.walked, full: r.full, anchored: r.anchor !== null });
    },
    log,
  });
}

/** Start the process's anchoring worker once (later calls do nothing). */
export function ensureAuditAnchoringStarted(deps: AnchorWorkerDeps): void {
  const holder = globalThis as Holder;
  if (holder[globalKey] || process.env.NEXT_PHASE === "phase-production-build") return;
  holder[globalKey] = startAuditAnchoring(deps);
}

/** Stop the process's anchoring worker, waiting for a pass under way. */
export async function stopAuditAnchoring(): Promise<void> {
  const holder = globalThis as Holder;
  const handle = holder[globalKey];
  delete holder[globalKey];
  await handle?.stop();
}
