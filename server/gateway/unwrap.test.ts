// Rule guarded: the three response shapes of the gateway (envelope, statusCode/responseBody wrapper, flat) and the
// family's error shape are classified in one place into success / declined / gateway_error / transport, keeping
// the gateway's own code, error code, message and field errors (contract 2.1 and 7).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { interpretResponse, unwrapShapes, type RawResponse } from "./unwrap";

const schema = z.looseObject({ result: z.string().optional() });
const json = (httpStatus: number, body: unknown, contentType = "application/json"): RawResponse => ({
  httpStatus,
  contentType,
  location: null,
  text: typeof body === "string" ? body : JSON.stringify(body),
});
const run = (raw: RawResponse, o: { declines?: boolean; changesState?: boolean; schema?: z.ZodType } = {}) =>
  interpretResponse(raw, {
    schema: o.schema ?? schema,
    expect: "json",
    declines: o.declines ?? true,
    changesState: o.changesState ?? true,
  }).result;

describe("envelope {code, message, errorCode, data}", () => {
  it("code 200 → success with data", () => {
    expect(run(json(200, { code: 200, message: "Success", errorCode: null, data: { result: "x" } }))).toEqual({
      kind: "success",
      data: { result: "x" },
      httpStatus: 200,
    });
  });
  it("code 404 → gateway_error keeping code, errorCode and message (section 7)", () => {
    const msg = "entity Role not found for fields [roleId, businessUnitId] and values [a, b]";
    expect(run(json(404, { code: 404, message: msg, errorCode: "404", data: null }))).toEqual({
      kind: "gateway_error",
      httpStatus: 404,
      code: "404",
      errorCode: "404",
      message: msg,
      fieldErrors: [],
    });
  });
  it("code 409 inside an HTTP 200 is still an error", () => {
    const r = run(json(200, { code: 409, message: "Role already exists", errorCode: "409", data: null }));
    expect(r).toMatchObject({ kind: "gateway_error", httpStatus: 200, code: "409", errorCode: "409" });
  });
  it("code 5xx inside the envelope → transport http_status (money outcome unknown)", () => {
    const r = run(json(200, { code: 500, message: "boom", errorCode: "500", data: null }));
    expect(r).toMatchObject({ kind: "transport", reason: "http_status", outcomeUnknown: true, httpStatus: 500 });
  });
});

describe("wrapper {statusCode, responseBody}", () => {
  it("statusCode 200 → success with responseBody", () => {
    const r = run(json(200, { statusCode: 200, responseBody: { result: "accepted", payment_id: "p1" } }));
    expect(r).toEqual({ kind: "success", data: { result: "accepted", payment_id: "p1" }, httpStatus: 200 });
  });
  it("statusCode 400 with a plain-string responseBody (invalid hash) → gateway_error", () => {
    expect(run(json(400, { statusCode: 400, responseBody: "Invalid Hash value" }))).toEqual({
      kind: "gateway_error",
      httpStatus: 400,
      code: "400",
      errorCode: null,
      message: "Invalid Hash value",
      fieldErrors: [],
    });
  });
  it("statusCode 400 with responseBody.message (refund already initiated) → gateway_error", () => {
    const r = run(json(200, { statusCode: 400, responseBody: { message: "Refund is already initiated." } }));
    expect(r).toMatchObject({ kind: "gateway_error", code: "400", message: "Refund is already initiated." });
  });
  it("a wrapper inside an envelope is peeled twice", () => {
    const r = run(
      json(200, { code: 200, message: "Success", errorCode: null, data: { statusCode: 200, responseBody: { result: "SUCCESS" } } }),
    );
    expect(r).toMatchObject({ kind: "success", data: { result: "SUCCESS" } });
  });
});

describe("flat objects and the family error shape", () => {
  it("flat success passes through", () => {
    expect(run(json(200, { result: "SUCCESS", status: "SETTLED" }))).toMatchObject({ kind: "success" });
  });
  it("{result: ERROR, error_code, error_message, errors[]} at any HTTP status → gateway_error with field errors", () => {
    const body = {
      result: "ERROR",
      error_code: 100000,
      error_message: "Request data is invalid.",
      errors: [{ error_code: 100001, error_message: "Refund amount cannot be greater than order amount" }],
    };
    for (const status of [200, 400]) {
      expect(run(json(status, body))).toEqual({
        kind: "gateway_error",
        httpStatus: status,
        code: "ERROR",
        errorCode: "100000",
        message: "Request data is invalid.",
        fieldErrors: [{ code: "100001", message: "Refund amount cannot be greater than order amount" }],
      });
    }
  });
  it("DECLINED results → declined with the reason (capture, sale, recurring, S2S 'Declined')", () => {
    expect(run(json(200, { result: "DECLINED", status: "PENDING", decline_reason: "over amount" }))).toMatchObject({
      kind: "declined",
      declineReason: "over amount",
    });
    expect(run(json(200, { result: "DECLINED", message: "Insufficient funds", transaction_id: "t" }))).toMatchObject({
      kind: "declined",
      declineReason: "Insufficient funds",
    });
    expect(
      run(
        json(200, {
          code: 200,
          message: "Success",
          errorCode: null,
          data: { result: "Declined", status: "DECLINED", declineReason: "Do not honor" },
        }),
      ),
    ).toMatchObject({ kind: "declined", declineReason: "Do not honor" });
  });
  it("a read never turns DECLINED into a decline (it is data)", () => {
    expect(run(json(200, { result: "DECLINED" }), { declines: false })).toMatchObject({ kind: "success" });
  });
  it("a bare array (saved cards) is a flat payload", () => {
    expect(unwrapShapes([{ id: 1 }])).toEqual({ kind: "payload", payload: [{ id: 1 }] });
  });
  it("4xx flat object without an error shape → gateway_error with the HTTP status as code", () => {
    expect(run(json(401, { message: "Unauthorized" }))).toMatchObject({ kind: "gateway_error", code: "401", message: "Unauthorized" });
  });
});

describe("transport failures from the answer", () => {
  it("HTTP 5xx → transport http_status; outcome unknown only for calls that change state", () => {
    expect(run(json(503, "down"))).toMatchObject({ kind: "transport", reason: "http_status", outcomeUnknown: true, httpStatus: 503 });
    expect(run(json(500, "down"), { changesState: false })).toMatchObject({ outcomeUnknown: false });
  });
  it("3xx → transport redirect", () => {
    const r = run({ httpStatus: 302, contentType: "", location: "http://elsewhere/", text: "" });
    expect(r).toMatchObject({ kind: "transport", reason: "redirect", outcomeUnknown: true, httpStatus: 302 });
  });
  it("unparsable 2xx body → transport bad_body", () => {
    expect(run(json(200, "{not json"))).toMatchObject({ kind: "transport", reason: "bad_body", outcomeUnknown: true });
  });
  it("unparsable 4xx body → gateway_error (the gateway refused)", () => {
    expect(run(json(403, "Forbidden", "text/plain"))).toMatchObject({ kind: "gateway_error", code: "403", message: "Forbidden" });
  });
  it("wrong shape → transport schema naming the field, never the value", () => {
    const r = run(json(200, { trans_id: 5 }), { schema: z.object({ trans_id: z.string() }) });
    expect(r).toMatchObject({ kind: "transport", reason: "schema" });
    expect(r.kind === "transport" && r.message).toContain("trans_id");
  });
});

describe("HTML answers (collector)", () => {
  it("2xx text/html → success {html, contentType} unmodified", () => {
    const html = "<html><body><form>OTP</form></body></html>";
    const r = interpretResponse(
      { httpStatus: 200, contentType: "text/html; charset=utf-8", location: null, text: html },
      { schema: z.object({ html: z.string(), contentType: z.string() }), expect: "html", declines: true, changesState: true },
    ).result;
    expect(r).toEqual({ kind: "success", data: { html, contentType: "text/html; charset=utf-8" }, httpStatus: 200 });
  });
});
