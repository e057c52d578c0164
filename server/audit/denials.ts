// Every refused access leaves a trace (PCI DSS 10.2.1.3 access to audit logs, 10.2.1.4 invalid access attempts): the
// route wrapper hands each 403 and each step-up refusal here, which writes an `authz.denied` audit row and a log line
// (actor, route, permission, IP, request id). A loop of forbidden calls must not flood the trail, so a session gets
// at most DENIALS_PER_WINDOW rows per window; the refusals past that are counted, and the next row written for the
// session says how many were left out.
import type { Db } from "../db/client";
import { appendAuditNow } from "./audit-log";

export const DENIALS_PER_WINDOW = 10;
export const DENIAL_WINDOW_MS = 60_000;

export interface Denial {
  actorId: string;
  actorEmail: string;
  sessionId: string;
  method: string;
  path: string;
  code: "forbidden" | "step_up_required";
  /** The permission the route or service asked for, when one was named. */
  permission: string | null;
  ip: string | null;
  requestId: string | null;
}

interface Window {
  startedAt: number;
  written: number;
  suppressed: number;
}

/** Per session, this process: how many rows the current window holds and how many were left out. */
export function createDenialLimiter(now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  return {
    /** Whether to write a row for this session now, and how many refusals were left out before it. */
    admit(sessionId: string): { write: boolean; suppressedBefore: number } {
      const t = now();
      let w = windows.get(sessionId);
      if (!w || t - w.startedAt >= DENIAL_WINDOW_MS) {
        const suppressedBefore = w?.suppressed ?? 0;
        w = { startedAt: t, written: 0, suppressed: 0 };
        windows.set(sessionId, w);
        // Sessions that stopped being refused are forgotten with their window.
        if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.startedAt >= DENIAL_WINDOW_MS) windows.delete(k);
        w.written++;
        return { write: true, suppressedBefore };
      }
      if (w.written < DENIALS_PER_WINDOW) {
        w.written++;
        return { write: true, suppressedBefore: 0 };
      }
      w.suppressed++;
      return { write: false, suppressedBefore: 0 };
    },
  };
}

export type DenialLimiter = ReturnType<typeof createDenialLimiter>;

/** Writes the refusal's audit row (when the session's window allows one) and returns whether it did. */
export async function recordDenial(
  db: Db,
  limiter: DenialLimiter,
  d: Denial,
  log: (event: string, fields: Record<string, unknown>) => void,
): Promise<boolean> {
  const { write, suppressedBefore } = limiter.admit(d.sessionId);
  if (!write) return false;
  const summary = {
    method: d.method,
    path: d.path,
    code: d.code,
    permission: d.permission,
    requestId: d.requestId,
    ...(suppressedBefore ? { suppressedBefore } : {}),
  };
  log("authz.denied", { actorId: d.actorId, ip: d.ip, ...summary });
  await appendAuditNow(db, {
    actorId: d.actorId,
    actorEmail: d.actorEmail,
    ip: d.ip,
    action: "authz.denied",
    targetType: "route",
    targetId: `${d.method} ${d.path}`,
    summary,
  });
  return true;
}
