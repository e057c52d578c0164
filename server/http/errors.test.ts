// Rule guarded: a database that cannot be reached (down, restarting, refusing connections) answers 503
// "database_unavailable" with a plain message and a Retry-After, never the generic 500; anything else unknown is
// still the generic 500 with a reference, and an AppError keeps its own code.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, toErrorResponse } from "./errors";

const ctx = { method: "POST", path: "/api/test" };
const coded = (code: string, message = "boom") => Object.assign(new Error(message), { code });
/** Drizzle wraps a driver error: "Failed query: <sql> params: <values>", with the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select secret_column from payments\nparams: 4111"), { cause });

describe("database unavailable → 503", () => {
  it.each([
    ["connection refused", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["server shutting down (57P01), wrapped by Drizzle", wrapped(coded("57P01", "terminating connection due to administrator command"))],
    ["server starting up (57P03)", coded("57P03")],
    ["connection exception class 08", wrapped(coded("08006"))],
    ["postgres.js closed connection", wrapped(coded("CONNECTION_CLOSED"))],
    ["connect timeout", coded("CONNECT_TIMEOUT")],
    [
      "dual-stack connect (AggregateError)",
      wrapped(Object.assign(new AggregateError([coded("ECONNREFUSED")], "connect failed"), { code: "" })),
    ],
  ])("%s", async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const res = toErrorResponse(error, ctx);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = (await res.json()) as { error: { code: string; message: string; id: string } };
    expect(body.error).toMatchObject({ code: "database_unavailable", message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(JSON.stringify(body)).not.toMatch(/select|4111|ECONN|127\.0\.0\.1/);
  });

  it("other failures stay what they were: a unique violation or a bug is the generic 500; an AppError keeps its code", async () => {
    expect(isDatabaseUnavailable(wrapped(coded("23505")))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(toErrorResponse(new TypeError("x is undefined"), ctx).status).toBe(500);
    expect(toErrorResponse(new AppError("gateway_unavailable", "roles.gatewayNoAnswer"), ctx).status).toBe(503);
  });
});

describe("the error reference is the request's id", () => {
  it("an unexpected error's reference is the X-Request-Id of the request, the id in every log line of it", async () => {
    const { runWithRequestContext } = await import("../log/request-context");
    const res = runWithRequestContext({ requestId: "lb-7f3a9c21" }, () => toErrorResponse(new TypeError("x is undefined"), ctx));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { id: string } }).error.id).toBe("lb-7f3a9c21");
  });
});
