// Rules guarded: the 3-D Secure page is served only to the user who started the payment, only for 10 minutes, and
// under a CSP that sandboxes it (no same-origin, no top navigation) and lets only the dashboard frame it.
import { describe, expect, it } from "vitest";
import { threeDsViewHeaders } from "./three-ds-headers";
import { dropThreeDsViews, readThreeDsView, storeThreeDsView, THREE_DS_VIEW_TTL_MS } from "./three-ds-views";

describe("three-ds views", () => {
  it("reads back for the same user only, until it expires", () => {
    const now = 1_000_000;
    const id = storeThreeDsView({ html: "<p>bank</p>", userId: "u1", paymentId: "p1" }, now);
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readThreeDsView(id, "u1", now + 1)).toEqual({ html: "<p>bank</p>", paymentId: "p1" });
    expect(readThreeDsView(id, "u2", now + 1)).toBeNull();
    expect(readThreeDsView(id, "u1", now + THREE_DS_VIEW_TTL_MS)).toBeNull();
  });
  it("drops a payment's views", () => {
    const id = storeThreeDsView({ html: "x", userId: "u1", paymentId: "p2" });
    dropThreeDsViews("p2");
    expect(readThreeDsView(id, "u1")).toBeNull();
  });
  it("headers: sandboxed CSP without allow-same-origin or top navigation, framed by self, not cached", () => {
    const h = threeDsViewHeaders({ gatewayOrigins: ["http://127.0.0.1:4111", "http://127.0.0.1:4111"], appOrigin: "http://127.0.0.1:3100" });
    const csp = h["Content-Security-Policy"]!;
    expect(csp.startsWith("sandbox allow-scripts allow-forms;")).toBe(true);
    expect(csp).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action http://127.0.0.1:4111 http://127.0.0.1:3100");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(h).toMatchObject({ "Cache-Control": "no-store", "X-Frame-Options": "SAMEORIGIN", "Content-Type": "text/html; charset=utf-8" });
  });
});
