// Rule guarded: the receiver's answers are plain text and never cached; a bad body gets its standard reason
// phrase, a wrong path secret a bare 404, and everything accepted (a bad hash too) the same 200 "OK".
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
  });
});
