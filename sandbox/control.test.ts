// Rules guarded: the hostile challenge page is inert unless switched on; control inputs are validated; the request
// log never carries card numbers, e-mails, keys or secrets; inherited object keys never resolve as records.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { CARD, D, EMAIL, api, postJson, s2sBody, sale, start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
const lines: string[] = [];
beforeAll(async () => {
  sb = await start({ log: (l) => lines.push(l) });
});
afterAll(() => sb.close());

const challengeHtml = async () =>
  (await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody({ exp: "05/2038" }))).body.data.html as string;

describe("challenge mode", () => {
  it("normal pages carry no script at all; hostile pages try parent.document, cookie, localStorage, window.top", async () => {
    expect(await challengeHtml()).not.toContain("<script");
    expect((await postJson(sb, "/__sandbox/challenge-mode", { mode: "hostile" })).status).toBe(200);
    const hostile = await challengeHtml();
    for (const probe of ["parent.document", "document.cookie", "localStorage", "window.top.location"]) expect(hostile).toContain(probe);
    expect(hostile).toContain(`${sb.url}/__sandbox/hostile-report`);
    await postJson(sb, "/__sandbox/challenge-mode", { mode: "normal" });
    expect(await challengeHtml()).not.toContain("<script");
  });

  it("the hostile page's collector reply opens fetch only to the sandbox origin", async () => {
    await postJson(sb, "/__sandbox/challenge-mode", { mode: "hostile" });
    const s = await sale(sb, { exp: "05/2038" });
    const res = await fetch(s.body.redirect_url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: s.body.redirect_params.body }),
    });
    expect(res.headers.get("content-security-policy")).toContain(`connect-src ${sb.url}`);
    await postJson(sb, "/__sandbox/challenge-mode", { mode: "normal" });
  });

  it("escape reports and top navigations are recorded", async () => {
    await fetch(`${sb.url}/__sandbox/hostile-report`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ cookie: "blocked" }),
    });
    await fetch(`${sb.url}/__sandbox/pwned`);
    const log = await (await fetch(`${sb.url}/__sandbox/hostile-report`)).json();
    expect(log).toEqual({ reports: [{ cookie: "blocked" }], topNavigations: 1 });
  });

  it("an unknown mode is refused", async () => {
    expect((await postJson(sb, "/__sandbox/challenge-mode", { mode: "evil" })).status).toBe(400);
  });
});

describe("control and routing", () => {
  it("decline-next refuses unknown tokens and bad counts", async () => {
    expect((await postJson(sb, "/__sandbox/decline-next", { token: "nope" })).status).toBe(404);
    expect((await postJson(sb, "/__sandbox/decline-next", { token: "x", count: -1 })).status).toBe(400);
  });

  it("unknown paths are 404 (envelope under /api); the index page describes the test cards", async () => {
    expect((await api(sb, "GET", "/api/v1/nothing")).body).toMatchObject({ code: 404, errorCode: "404" });
    expect((await fetch(`${sb.url}/nope`)).status).toBe(404);
    expect(await (await fetch(`${sb.url}/`)).text()).toContain("4111111111111111");
  });

  it("inherited object keys and malformed escapes are not records", async () => {
    for (const id of ["constructor", "__proto__", "toString", "%E0%A4%A"]) {
      expect((await api(sb, "GET", `/api/v1/transactions/${id}/details`)).status).toBe(404);
    }
  });

  it("malformed JSON bodies are a 400 in the interface's own shape", async () => {
    const res = await fetch(`${sb.url}/api/v1/roles/role`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": D.apiKey },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(400);
  });

  it("the request log has one line per request and never a card number, e-mail, key or secret", async () => {
    await sale(sb);
    const text = lines.join("\n");
    expect(lines.some((l) => /^POST \/payment\/post sale 200 \d+ms$/.test(l))).toBe(true);
    for (const secret of [CARD, EMAIL, D.apiKey, D.merchantSecret]) expect(text).not.toContain(secret);
  });
});
