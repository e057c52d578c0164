// Rules guarded: the 3-D Secure page is served only to the user who started the payment, only for 10 minutes,
// from any app instance (it lives in the database, keyed by the hash of its id: a leaked table row is not a usable
// id), and under a CSP that sandboxes it (no same-origin, no top navigation) and lets only the dashboard frame it.
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeDsViews } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { threeDsViewHeaders } from "./three-ds-headers";
import { dropThreeDsViews, MAX_VIEW_BYTES, readThreeDsView, storeThreeDsView, THREE_DS_VIEW_TTL_MS } from "./three-ds-views";

describe.each(testDatabaseTargets())("three-ds views ($name)", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const [u1, u2, p1, p2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  it("reads back for the same user only, until it expires; the table holds only the id's hash", async () => {
    const now = new Date();
    const id = (await storeThreeDsView(database.db, { html: "<p>bank</p>", userId: u1, paymentId: p1 }, now))!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await readThreeDsView(database.db, id, u1, new Date(now.getTime() + 1))).toEqual({ html: "<p>bank</p>", paymentId: p1 });
    expect(await readThreeDsView(database.db, id, u2, new Date(now.getTime() + 1))).toBeNull();
    expect(await readThreeDsView(database.db, id, u1, new Date(now.getTime() + THREE_DS_VIEW_TTL_MS))).toBeNull();
    const rows = await database.db.select({ idHash: threeDsViews.idHash }).from(threeDsViews);
    expect(rows.map((r) => r.idHash)).toContain(createHash("sha256").update(id).digest("hex"));
    expect(rows.map((r) => r.idHash)).not.toContain(id);
  });

  it("drops a payment's views, sweeps expired ones, and does not keep an oversized page", async () => {
    const id = (await storeThreeDsView(database.db, { html: "x", userId: u1, paymentId: p2 }))!;
    await dropThreeDsViews(database.db, p2);
    expect(await readThreeDsView(database.db, id, u1)).toBeNull();
    const past = new Date(Date.now() - 2 * THREE_DS_VIEW_TTL_MS);
    await storeThreeDsView(database.db, { html: "old", userId: u1, paymentId: p2 }, past);
    await storeThreeDsView(database.db, { html: "new", userId: u1, paymentId: p2 });
    const left = await database.db.select({ html: threeDsViews.html }).from(threeDsViews);
    expect(left.map((r) => r.html)).not.toContain("old");
    expect(await storeThreeDsView(database.db, { html: "x".repeat(MAX_VIEW_BYTES + 1), userId: u1, paymentId: p2 })).toBeNull();
  });
});

describe("three-ds view headers", () => {
  it("sandboxed CSP without allow-same-origin or top navigation, framed by self, not cached", () => {
    const h = threeDsViewHeaders({
      gatewayOrigins: ["http://127.0.0.1:4111", "http://127.0.0.1:4111"],
      appOrigin: "http://127.0.0.1:3100",
    });
    const csp = h["Content-Security-Policy"]!;
    expect(csp.startsWith("sandbox allow-scripts allow-forms;")).toBe(true);
    expect(csp).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action http://127.0.0.1:4111 http://127.0.0.1:3100");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(h).toMatchObject({ "Cache-Control": "no-store", "X-Frame-Options": "SAMEORIGIN", "Content-Type": "text/html; charset=utf-8" });
  });
});
