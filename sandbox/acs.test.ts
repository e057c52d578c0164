// Rules guarded: the sandbox's "acs" challenge mode behaves like a real issuer (the gateway's page hands over to a bank
// on a second origin, with the bank's stylesheet and logo and an image by a relative URL; the bank's own page posts the
// code back to the gateway), and it never stops the sandbox: a taken port only leaves the mode off.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { postJson, s2sBody, start, D } from "../tests/support/sandbox-client.support";
import { startSandbox } from "./server";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe("the acs challenge mode", () => {
  it("runs its bank on another origin; the gateway's page loads from it and auto-posts to it; the bank posts back", async () => {
    expect(sb.acsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.acsUrl).not.toBe(sb.url);
    expect((await postJson(sb, "/__sandbox/challenge-mode", { mode: "acs" })).status).toBe(200);
    try {
      const res = await postJson(sb, "/api/v1/payment-gateway/s2s/sale", s2sBody({ exp: "05/2038" }), D.apiKey);
      const { html, paymentId } = (await res.json()).data as { html: string; paymentId: string };
      expect(html).toContain(`<link rel="stylesheet" href="${sb.acsUrl}/acs.css?from=start">`);
      expect(html).toContain(`<img src="${sb.acsUrl}/logo.svg?from=start"`);
      expect(html).toContain('<img src="/payment/acs-badge.svg"');
      expect(html).toContain(`action="${sb.acsUrl}/acs/challenge/${paymentId}"`);
      expect(html).toContain(".submit()");

      const bank = await fetch(`${sb.acsUrl}/acs/challenge/${paymentId}`, {
        method: "POST",
        body: new URLSearchParams({ trans_id: paymentId }),
      });
      const page = await bank.text();
      expect(page).toContain('<link rel="stylesheet" href="/acs.css">');
      expect(page).toContain(`action="${sb.url}/payment/challenge/${paymentId}"`);
      expect((await fetch(`${sb.acsUrl}/acs.css`)).headers.get("content-type")).toMatch(/^text\/css/);
      expect((await fetch(`${sb.acsUrl}/logo.svg`)).headers.get("content-type")).toBe("image/svg+xml");
      expect((await fetch(`${sb.url}/payment/acs-badge.svg`)).status).toBe(200);
      const log = (await (await fetch(`${sb.url}/__sandbox/acs-log`)).json()) as { fetched: string[] };
      expect(log.fetched).toEqual(["challenge page", "acs.css (acs)", "logo.svg (acs)", "gateway badge (relative URL)"]);
      expect((await fetch(`${sb.acsUrl}/acs/challenge/unknown`, { method: "POST" })).status).toBe(404);
    } finally {
      await postJson(sb, "/__sandbox/challenge-mode", { mode: "normal" });
    }
  });

  it("a taken port leaves the sandbox running without its bank, and the acs mode refused", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as { port: number }).port;
    const lines: string[] = [];
    const other = await startSandbox({ port: 0, dataDir: null, acsPort: taken, smtpPort: null, log: (l) => lines.push(l) });
    try {
      expect(other.acsUrl).toBeNull();
      expect(lines.join("\n")).toContain("acs mode is off");
      const res = await fetch(`${other.url}/__sandbox/challenge-mode`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mode: "acs" }),
      });
      expect(res.status).toBe(400);
    } finally {
      await other.close();
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
