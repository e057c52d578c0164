// Rules guarded: the 3-D Secure page is served only to the user who started the payment, only for 10 minutes,
// from any app instance (it lives in the database, keyed by the hash of its id: a leaked table row is not a usable
// id), and under a CSP that sandboxes it (no same-origin, no top navigation) and lets only the dashboard frame it.
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeDsViews } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { threeDsViewHeaders } from "./three-ds-headers";
import { withGatewayBase } from "./three-ds-base";
import { threeDsSources } from "../../../gateway/three-ds-sources";
import { dropThreeDsViews, MAX_VIEW_BYTES, readThreeDsView, storeThreeDsView, THREE_DS_VIEW_TTL_MS } from "./three-ds-views";

const GW = "https://pay.example.com";

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
    const id = (await storeThreeDsView(database.db, { html: "<p>bank</p>", userId: u1, paymentId: p1, origin: GW }, now))!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await readThreeDsView(database.db, id, u1, new Date(now.getTime() + 1))).toEqual({
      html: `<base href="${GW}/"><p>bank</p>`,
      paymentId: p1,
    });
    expect(await readThreeDsView(database.db, id, u2, new Date(now.getTime() + 1))).toBeNull();
    expect(await readThreeDsView(database.db, id, u1, new Date(now.getTime() + THREE_DS_VIEW_TTL_MS))).toBeNull();
    const rows = await database.db.select({ idHash: threeDsViews.idHash }).from(threeDsViews);
    expect(rows.map((r) => r.idHash)).toContain(createHash("sha256").update(id).digest("hex"));
    expect(rows.map((r) => r.idHash)).not.toContain(id);
  });

  it("drops a payment's views, sweeps expired ones, and does not keep an oversized page", async () => {
    const id = (await storeThreeDsView(database.db, { html: "x", userId: u1, paymentId: p2, origin: GW }))!;
    await dropThreeDsViews(database.db, p2);
    expect(await readThreeDsView(database.db, id, u1)).toBeNull();
    const past = new Date(Date.now() - 2 * THREE_DS_VIEW_TTL_MS);
    await storeThreeDsView(database.db, { html: "old", userId: u1, paymentId: p2, origin: GW }, past);
    await storeThreeDsView(database.db, { html: "new", userId: u1, paymentId: p2, origin: GW });
    const left = await database.db.select({ html: threeDsViews.html }).from(threeDsViews);
    expect(left.map((r) => r.html)).not.toContain(`<base href="${GW}/">old`);
    expect(await storeThreeDsView(database.db, { html: "x".repeat(MAX_VIEW_BYTES + 1), userId: u1, paymentId: p2, origin: GW })).toBeNull();
  });
});

describe("three-ds view headers", () => {
  const sources = threeDsSources({
    testMode: true,
    gateway: { baseUrl: "http://127.0.0.1:4111", apiUrl: "http://127.0.0.1:4111/api-host", collectorOrigins: [] },
  });
  const h = threeDsViewHeaders({ sources, appOrigin: "http://127.0.0.1:3100" });
  const csp = h["Content-Security-Policy"]!;
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("sandboxed CSP without allow-same-origin or top navigation, framed by self, not cached", () => {
    expect(csp.startsWith("sandbox allow-scripts allow-forms;")).toBe(true);
    expect(csp).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups/);
    expect(csp).toContain("default-src 'none'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(h).toMatchObject({ "Cache-Control": "no-store", "X-Frame-Options": "SAMEORIGIN", "Content-Type": "text/html; charset=utf-8" });
  });

  // A real issuer's challenge loads from, frames and posts to the bank's own hosts, which no merchant knows ahead.
  it("lets an issuer's page work: https styles, fonts, images, frames, calls and form posts, and the gateway's origins", () => {
    for (const name of ["script-src", "style-src", "img-src", "font-src", "frame-src", "connect-src", "form-action"]) {
      expect(directive(name), name).toContain(" https:");
      expect(directive(name), name).toContain("http://127.0.0.1:4111");
      expect(directive(name), name).toContain("http://127.0.0.1:*");
    }
    expect(directive("form-action")).toContain("http://127.0.0.1:3100");
    expect(directive("script-src")).not.toContain("http://127.0.0.1:3100");
  });

  it("base-uri admits only the gateway's origins (the view's <base>), never the dashboard's or any https host", () => {
    expect(directive("base-uri")).toBe("base-uri http://127.0.0.1:4111");
  });

  it("outside test mode no http source is admitted: https hosts and the configured gateway origins only", () => {
    const prod = threeDsSources({
      testMode: false,
      gateway: {
        baseUrl: "https://pay.example.com",
        apiUrl: "https://api.example.com",
        collectorOrigins: ["https://checkout.example.com"],
      },
    });
    expect(prod).toEqual({
      gateway: ["https://pay.example.com", "https://api.example.com", "https://checkout.example.com"],
      remote: ["https:", "https://pay.example.com", "https://api.example.com", "https://checkout.example.com"],
    });
  });
});

describe("the view's <base>: relative URLs of the gateway's page resolve against the gateway", () => {
  it.each([
    [
      "<!doctype html><html><head><title>x</title></head><body></body></html>",
      '<!doctype html><html><head><base href="https://pay.example.com/"><title>x</title>',
    ],
    [
      '<html lang="ar"><HEAD data-x="1"><meta charset="utf-8">',
      '<html lang="ar"><HEAD data-x="1"><base href="https://pay.example.com/"><meta charset="utf-8">',
    ],
    ["<html><body><form action=/p></form></body></html>", '<html><head><base href="https://pay.example.com/"></head><body>'],
    ["<!DOCTYPE html><p>no head</p>", '<!DOCTYPE html><base href="https://pay.example.com/"><p>'],
    ["<p>fragment</p>", '<base href="https://pay.example.com/"><p>fragment</p>'],
  ])("%s", (html, start) => {
    expect(withGatewayBase(html, "https://pay.example.com").startsWith(start)).toBe(true);
  });

  it("a <header> is not a head; a page with its own <base> keeps it", () => {
    expect(withGatewayBase("<html><header>h</header></html>", "https://gw.example")).toContain(
      '<html><head><base href="https://gw.example/"></head><header>',
    );
    const own = '<html><head><base href="https://acs.bank.example/"></head></html>';
    expect(withGatewayBase(own, "https://gw.example")).toBe(own);
  });
});
