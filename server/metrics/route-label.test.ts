// Rules guarded (operators, attackers): the HTTP series' labels stay few and hold no secret. A path becomes its
// template (UUIDs, numbers and long ids as :id); the notification receiver's secret segment never survives, whatever
// follows the prefix; a path nothing matched is one "unmatched" label, so a scanner cannot mint series; methods a
// client invents are "other".
import { describe, expect, it } from "vitest";
import {
  methodLabel,
  routeLabel,
  routeTemplate,
  statusClass,
  UNMATCHED_ROUTE,
  WEBHOOK_HEADER_ROUTE,
  WEBHOOK_TEMPLATE,
} from "./route-label";

describe("route templates", () => {
  it.each([
    ["/api/transactions/3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04/refunds", "/api/transactions/:id/refunds"],
    ["/transactions/3E3A9D71-BD8C-4B7D-8A3E-5D0F4C6B2A04", "/transactions/:id"],
    ["/api/admin/users/2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03/sessions/end", "/api/admin/users/:id/sessions/end"],
    ["/api/reports/schedules/12345/pause", "/api/reports/schedules/:id/pause"],
    ["/api/payments/three-ds/abcdefghijklmnop1234", "/api/payments/three-ds/:id"],
    ["/api/payments/links/lnk_8f3k2m9q1x", "/api/payments/links/:id"],
    ["/api/transactions/%27%20or%201%3D1", "/api/transactions/:id"],
    ["/api/transactions", "/api/transactions"],
    ["/api/account/sessions/end-others", "/api/account/sessions/end-others"],
    ["/api/health/ready/", "/api/health/ready"],
    ["/", "/"],
    ["/a/b/c/d/e/f/g/h/i/j", "/a/b/c/d/e/f/g/h/:rest"],
    ["*", "other"],
  ])("%s → %s", (path, template) => {
    expect(routeTemplate(path)).toBe(template);
  });

  it("the receiver's path secret never survives, whatever follows the prefix", () => {
    for (const path of [
      "/api/webhooks/gateway/attackhook0123456789abcdef",
      "/api/webhooks/gateway/short",
      "/api/webhooks/gateway/secret/extra/segments",
      "/api/webhooks/gateway/",
    ]) {
      for (const status of [200, 400, 404, 413]) {
        expect(routeLabel(path, status, "text/plain; charset=utf-8")).toBe(WEBHOOK_TEMPLATE);
      }
    }
  });

  it("the header door (its secret in X-Webhook-Secret) is a route of its own, kept even on a 404", () => {
    for (const status of [200, 404])
      expect(routeLabel("/api/webhooks/gateway", status, "text/plain; charset=utf-8")).toBe(WEBHOOK_HEADER_ROUTE);
  });

  it("a 404 from the not-found page is one label; a handler's own 404 (JSON) keeps its route", () => {
    expect(routeLabel("/wp-admin/setup-config.php", 404, "text/html; charset=utf-8")).toBe(UNMATCHED_ROUTE);
    expect(routeLabel("/api/no-such-route", 404, null)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel("/api/transactions/3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04", 404, "application/json")).toBe("/api/transactions/:id");
    expect(routeLabel("/transactions", 200, "text/html")).toBe("/transactions");
  });
});

describe("method and status labels", () => {
  it("known methods as they are, anything else 'other'", () => {
    expect(methodLabel("get")).toBe("GET");
    expect(methodLabel("PATCH")).toBe("PATCH");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(methodLabel(undefined)).toBe("other");
  });

  it("status classes, and 'aborted' when the client left before the answer ended", () => {
    expect(statusClass(204, true)).toBe("2xx");
    expect(statusClass(404, true)).toBe("4xx");
    expect(statusClass(503, true)).toBe("5xx");
    expect(statusClass(200, false)).toBe("aborted");
  });
});
