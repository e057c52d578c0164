// Rules guarded: with a data directory, payments, refunds and admin changes survive a restart (atomic state file);
// seed data is identical after every restart and reset; an unreadable state file does not stop the sandbox.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SEEDED_ROLE_IDS } from "./seed";
import { STATE_FILE_NAME } from "./state";
import { api, capture, creditvoid, orderOf, pay, postJson, start, status } from "../tests/support/sandbox-client.support";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "sandbox-state-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("persistence", () => {
  it("a restart keeps payments, their refunds and a created role; seed ids are the same", async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir });
    const id = await pay(first, { auth: true, amount: "80.00" });
    await capture(first, id, "80.00");
    await creditvoid(first, id, "30.00");
    const seeded = Object.keys(first.state.data.roles).sort();
    expect(seeded).toEqual(Object.values(SEEDED_ROLE_IDS).sort());
    const roleId = (await api(first, "POST", "/api/v1/roles/role", { roleName: "Kept", description: "d", permissions: [] })).body.data.id;
    const order = orderOf(first, id);
    await first.close();

    const files = readdirSync(dataDir);
    expect(files).toEqual([STATE_FILE_NAME]); // no temp file left behind
    expect(readFileSync(path.join(dataDir, STATE_FILE_NAME), "utf8")).not.toContain("4111111111111111");

    const second = await start({ dataDir });
    try {
      expect((await status(second, id, order)).body.responseBody.status).toBe("settled");
      expect(second.state.payment(id)).toMatchObject({ capturedMinor: 8000, refundedMinor: 3000 });
      // The refund rule still holds across the restart.
      expect((await creditvoid(second, id, "50.01")).body.errors[0].error_code).toBe(100001);
      expect((await api(second, "GET", `/api/v1/roles/role/${roleId}`)).body.data.name).toBe("Kept");
      expect(
        Object.keys(second.state.data.roles)
          .filter((r) => r !== roleId)
          .sort(),
      ).toEqual(seeded);
    } finally {
      await second.close();
    }
  });

  it("changes are written without a close, shortly after they happen (debounced)", async () => {
    const dataDir = tempDir();
    const sb = await start({ dataDir });
    try {
      const id = await pay(sb);
      // Written after the 200 ms debounce, without a close; the 5 s bound is slack for a loaded machine (a timer fires
      // late there), far below anything a missing write-behind would take (never).
      const file = path.join(dataDir, STATE_FILE_NAME);
      await vi.waitFor(() => expect(existsSync(file) && readFileSync(file, "utf8")).toContain(id), { timeout: 5_000, interval: 20 });
    } finally {
      await sb.close();
    }
  });

  it("reset (control endpoint) goes back to the seed and the seed is deterministic", async () => {
    const a = await start();
    const b = await start();
    try {
      await pay(a);
      await postJson(a, "/__sandbox/reset", {});
      expect(Object.keys(a.state.data.payments)).toHaveLength(0);
      expect(JSON.stringify(a.state.data.roles)).toBe(JSON.stringify(b.state.data.roles));
      expect(JSON.stringify(a.state.data.branches)).toBe(JSON.stringify(b.state.data.branches));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("an unreadable state file is moved aside and the sandbox starts from the seed", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, STATE_FILE_NAME), "{ not json");
    const lines: string[] = [];
    const sb = await start({ dataDir, log: (l) => lines.push(l) });
    try {
      expect(Object.keys(sb.state.data.roles).length).toBe(3);
      expect(readdirSync(dataDir).some((f) => f.includes("unreadable"))).toBe(true);
      expect(lines.join("\n")).toMatch(/unreadable/);
    } finally {
      await sb.close();
    }
  });
});
