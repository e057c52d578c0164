// Rule guarded: the receiver's answers are plain text and never cached; a bad body gets its standard reason
// phrase, a wrong path secret a bare 404, and everything accepted (a bad hash too) the same 200 "OK". The proxy does
// not run for the receiver (proxy.ts's matcher): its answers carry nosniff and a deny-all CSP themselves.
import { describe, expect, it } from "vitest";
import { notificationResponse } from "./notification-response";

describe("notificationResponse", () => {
  it.each([
    [{ kind: "accepted" } as const, 200, "OK"],
    [{ kind: "unknown_path" } as const, 404, "Not Found"],
    [{ kind: "refused", status: 400, reason: "body is not valid JSON" } as const, 400, "Bad Request"],
    [{ kind: "refused", status: 413, reason: "body too large" } as const, 413, "Payload Too Large"],
    [{ kind: "refused", status: 415, reason: "unsupported content type" } as const, 415, "Unsupported Media Type"],
  ])("%o → %i %s", async (receipt, status, text) => {
    const res = notificationResponse(receipt);
    expect(res.status).toBe(status);
    expect(await res.text()).toBe(text);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("the proxy's matcher leaves the receiver out, and only the receiver (every page and other API route passes it)", async () => {
    const { config } = await import("@/proxy");
    const source = new RegExp(`^${config.matcher[0]!.source}$`);
    expect(source.test("/api/webhooks/gateway/some-secret")).toBe(false);
    for (const path of ["/api/health", "/api/transactions", "/overview", "/login", "/api/webhooks", "/api/payments/three-ds/x"])
      expect({ path, matched: source.test(path) }).toEqual({ path, matched: true });
  });
});
