// Rules guarded: only an authorized, uncaptured payment can be captured (once, for at most the authorized amount)
// or voided; the 03/2038 card authorizes but every capture is declined.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { D, capture, pay, postForm, start, voidIt } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe("CAPTURE", () => {
  it("captures an authorization in full: SUCCESS/SETTLED with rrn, brand and merchant name", async () => {
    const id = await pay(sb, { auth: true, amount: "100.00" });
    const { status, body } = await capture(sb, id, "100.00");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      action: "CAPTURE",
      result: "SUCCESS",
      status: "SETTLED",
      trans_id: id,
      amount: "100.00",
      currency: "SAR",
      card_brand: "VISA",
      merchant_name: D.merchantName,
    });
    expect(body.rrn).toMatch(/^\d{12}$/);
    expect(sb.state.payment(id)).toMatchObject({ state: "settled", capturedMinor: 10000 });
  });

  it("a partial capture takes only that amount and makes only that amount refundable", async () => {
    const id = await pay(sb, { auth: true, amount: "100.00" });
    expect((await capture(sb, id, "60.00")).body.result).toBe("SUCCESS");
    expect(sb.state.payment(id)).toMatchObject({ capturedMinor: 6000, amountMinor: 10000 });
  });

  it("a capture above the authorized amount is DECLINED/PENDING and the authorization stays", async () => {
    const id = await pay(sb, { auth: true, amount: "100.00" });
    const { body } = await capture(sb, id, "100.01");
    expect(body).toMatchObject({
      result: "DECLINED",
      status: "PENDING",
      decline_reason: "Capture amount exceeds the outstanding authorized amount",
    });
    expect(sb.state.payment(id)!.state).toBe("pending");
    expect((await capture(sb, id, "100.00")).body.result).toBe("SUCCESS");
  });

  it("the 03/2038 card authorizes but its capture is declined by the issuer", async () => {
    const id = await pay(sb, { auth: true, exp: "03/2038" });
    expect(sb.state.payment(id)!.state).toBe("pending");
    const { body } = await capture(sb, id, "10.00");
    expect(body).toMatchObject({ result: "DECLINED", status: "PENDING", decline_reason: "Capture declined by issuer" });
  });

  it("a second capture is refused with 208003", async () => {
    const id = await pay(sb, { auth: true });
    await capture(sb, id, "10.00");
    const { status, body } = await capture(sb, id, "10.00");
    expect(status).toBe(400);
    expect(body).toMatchObject({ result: "ERROR", error_code: 208003 });
  });

  it("a payment made without auth=Y cannot be captured (208003)", async () => {
    const id = await pay(sb);
    expect((await capture(sb, id, "1.00")).body.error_code).toBe(208003);
  });

  it("an unknown trans_id is 208001", async () => {
    expect((await capture(sb, "00000000-0000-4000-8000-000000000000", "1.00")).body.error_code).toBe(208001);
  });

  it("a capture signed with another e-mail is refused (Invalid Hash value) and changes nothing", async () => {
    const id = await pay(sb, { auth: true });
    const { body } = await capture(sb, id, "10.00", { email: "other@example.com" });
    expect(body.errors).toContainEqual({ error_code: 100000, error_message: "Invalid Hash value" });
    expect(sb.state.payment(id)!.state).toBe("pending");
  });

  it("a capture with a wrong client_key is 204002", async () => {
    const id = await pay(sb, { auth: true });
    const res = await postForm(sb, "/payment/post", { action: "CAPTURE", client_key: "x", trans_id: id, amount: "1.00", hash: "x" });
    expect((await res.json()).error_code).toBe(204002);
  });
});

describe("VOID", () => {
  it("voids an authorization: SUCCESS/VOID, after which capture is refused", async () => {
    const id = await pay(sb, { auth: true });
    const { body } = await voidIt(sb, id);
    expect(body).toMatchObject({ action: "VOID", result: "SUCCESS", status: "VOID", trans_id: id });
    expect(sb.state.payment(id)!.state).toBe("voided");
    expect((await capture(sb, id, "1.00")).body.error_code).toBe(208003);
  });

  it("a captured payment cannot be voided: DECLINED/SETTLED with a reason", async () => {
    const id = await pay(sb, { auth: true });
    await capture(sb, id, "100.00");
    const { body } = await voidIt(sb, id);
    expect(body).toMatchObject({ action: "VOID", result: "DECLINED", status: "SETTLED" });
    expect(body.decline_reason).toBeTruthy();
  });

  it("a void with a bad hash is refused", async () => {
    const id = await pay(sb, { auth: true });
    const { body } = await voidIt(sb, id, { card: "5123450000000008" });
    expect(body.errors).toContainEqual({ error_code: 100000, error_message: "Invalid Hash value" });
    expect(sb.state.payment(id)!.state).toBe("pending");
  });
});
