// Short-lived store of the 3-D Secure pages the gateway returned (S2S `html`, or the collector's page), served
// unmodified by GET /api/payments/three-ds/[viewId] to the user who started the payment, and to nobody else.
// In-process memory with a 10-minute lifetime: enough for one customer to answer a challenge. With several app
// instances behind a load balancer the view must live in a shared store (e.g. Redis with TTL, or sticky
// sessions), since the frame's request may reach another instance.
import "server-only";
import { randomBytes } from "node:crypto";

export const THREE_DS_VIEW_TTL_MS = 10 * 60 * 1000;
const MAX_VIEWS = 1_000;

interface StoredView {
  html: string;
  userId: string;
  paymentId: string;
  expiresAt: number;
}

// One Map per process, even when the route bundles each load their own copy of this module.
const KEY = Symbol.for("merchant-dashboard.three-ds-views");
function views(): Map<string, StoredView> {
  const g = globalThis as unknown as Record<symbol, Map<string, StoredView> | undefined>;
  return (g[KEY] ??= new Map());
}

function sweep(now: number): void {
  for (const [id, v] of views()) if (v.expiresAt <= now) views().delete(id);
}

export function storeThreeDsView(v: { html: string; userId: string; paymentId: string }, now = Date.now()): string {
  sweep(now);
  const map = views();
  // Bounded: the oldest entry goes first (a Map iterates in insertion order).
  while (map.size >= MAX_VIEWS) map.delete(map.keys().next().value!);
  const id = randomBytes(24).toString("base64url");
  map.set(id, { ...v, expiresAt: now + THREE_DS_VIEW_TTL_MS });
  return id;
}

/** The page, when it exists, has not expired and was stored for this user; else null (the route answers 404). */
export function readThreeDsView(id: string, userId: string, now = Date.now()): { html: string; paymentId: string } | null {
  const v = views().get(id);
  if (!v) return null;
  if (v.expiresAt <= now) {
    views().delete(id);
    return null;
  }
  if (v.userId !== userId) return null;
  return { html: v.html, paymentId: v.paymentId };
}

/** Forget every view of a payment (after its outcome is known). */
export function dropThreeDsViews(paymentId: string): void {
  for (const [id, v] of views()) if (v.paymentId === paymentId) views().delete(id);
}
