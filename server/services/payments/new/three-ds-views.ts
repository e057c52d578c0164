// Short-lived store of the 3-D Secure pages the gateway returned (S2S `html`, or the collector's page), served
// unmodified by GET /api/payments/three-ds/[viewId] to the user who started the payment, and to nobody else.
// Kept in the database (three_ds_views) for 10 minutes, enough for one customer to answer a challenge, so that
// the frame's request may reach any app instance. The view id is a random capability; only its SHA-256 is stored.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { threeDsViews } from "../../../db/schema";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { withGatewayBase } from "./three-ds-base";

export const THREE_DS_VIEW_TTL_MS = 10 * 60 * 1000;
/** A challenge page is a few KB; anything far larger is not kept (the reconciler settles that payment). */
export const MAX_VIEW_BYTES = 512 * 1024;

const hashOf = (id: string) => createHash("sha256").update(id, "utf8").digest("hex");

/** Keep the page for this user; null when it is too large to keep. Expired views are swept on the way. */
export async function storeThreeDsView(
  db: Db | Tx,
  v: { html: string; userId: string; paymentId: string; /** Where the page came from: its <base>. */ origin: string },
  now = new Date(),
): Promise<string | null> {
  const html = withGatewayBase(v.html, v.origin);
  if (Buffer.byteLength(html, "utf8") > MAX_VIEW_BYTES) return null;
  await db.delete(threeDsViews).where(lt(threeDsViews.expiresAt, now));
  const id = randomBytes(24).toString("base64url");
  await db.insert(threeDsViews).values({
    idHash: hashOf(id),
    userId: v.userId,
    paymentId: v.paymentId,
    html,
    createdAt: now,
    expiresAt: new Date(now.getTime() + THREE_DS_VIEW_TTL_MS),
  });
  return id;
}

/** The page, when it exists, has not expired and was stored for this user; else null (the route answers 404). */
export async function readThreeDsView(
  db: Db | Tx,
  id: string,
  userId: string,
  now = new Date(),
): Promise<{ html: string; paymentId: string } | null> {
  const [row] = await db
    .select({ html: threeDsViews.html, paymentId: threeDsViews.paymentId })
    .from(threeDsViews)
    .where(and(eq(threeDsViews.idHash, hashOf(id)), eq(threeDsViews.userId, userId), gt(threeDsViews.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The signed-in person's view (GET /api/payments/three-ds/[viewId]): null for another person's, an expired or an unknown one. */
export async function openThreeDsView(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now">>,
  input: { viewId: string },
): Promise<{ html: string; paymentId: string } | null> {
  requirePermission(ctx.principal, "PAYMENTS_CREATE");
  return readThreeDsView(ctx.deps.db, input.viewId, ctx.principal.userId, ctx.deps.now());
}

/** Forget every view of a payment (after its outcome is known). */
export async function dropThreeDsViews(db: Db | Tx, paymentId: string): Promise<void> {
  await db.delete(threeDsViews).where(eq(threeDsViews.paymentId, paymentId));
}
