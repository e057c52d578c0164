// Integration tests of the partner delete against the real sandbox over HTTP. Rules guarded: the gateway's
// confirmation string comes back; an unknown id is "not found"; an id that is not a UUID is refused before any
// call; the API key's access level (contract 5.3: only SUPER_ADMIN and PARTNER) is said plainly and nothing is
// deleted; a lost reply is "outcome unknown", never "deleted"; every attempt that reaches the gateway is audited
// with its outcome; no permission, no call.
import { randomUUID } from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletePartnerSchema } from "@/lib/schemas/admin-partners";
import { SEEDED_PARTNER_IDS } from "../../../../sandbox/server";
import { verifyAuditChain } from "../../../audit/audit-log";
import type { Principal } from "../../../auth/principal";
import { auditLog, gatewayCalls } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { SANDBOX_LEVEL_KEYS } from "../../../gateway/sandbox-defaults";
import { sandboxControl } from "../../../../tests/support/sandbox-flows.support";
import type { ServiceDeps, ServiceContext } from "../../deps";
import { startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { deletePartner } from "./delete-partner";

/** A localhost port with nothing listening (connection refused: the request is never sent). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDatabaseTargets())("partner delete on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  let admin: Principal;
  let nobody: Principal;
  const [gulf, redSea, najd] = SEEDED_PARTNER_IDS as [string, string, string];
  const partnerCalls = async () =>
    (await database.db.select().from(gatewayCalls).where(eq(gatewayCalls.operation, "partner_delete"))).length;
  const auditsOf = (partnerId: string) => database.db.select().from(auditLog).where(eq(auditLog.targetId, partnerId)).orderBy(auditLog.id);
  const withKey = (apiKey: string) => testDeps(database, sandbox.url, { GATEWAY_API_KEY: apiKey });

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    admin = await testPrincipal(database.db, "Admin", ["PARTNERS_DELETE"]);
    nobody = await testPrincipal(database.db, "Nobody", ["BRANCHES_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("deletes a partner and returns the gateway's confirmation string; audited as partner.delete", async () => {
    const r = await deletePartner(as(admin, "203.0.113.7"), { partnerId: gulf });
    expect(r).toEqual({ partnerId: gulf, message: "Partner Gulf Payments Partner deleted successfully" });
    const [row] = await auditsOf(gulf);
    expect(row).toMatchObject({ action: "partner.delete", actorId: admin.userId, targetType: "partner", ip: "203.0.113.7" });
    expect(row!.summary).toMatchObject({ outcome: "deleted", confirmation: "Partner Gulf Payments Partner deleted successfully" });
  });

  it("an unknown id is not_found ('No partner with this id at the gateway'), and audited as a failed delete", async () => {
    const unknown = randomUUID();
    await expect(deletePartner(as(admin), { partnerId: unknown })).rejects.toMatchObject({
      code: "not_found",
      userMessage: "No partner with this id at the gateway.",
    });
    // Deleting the same partner twice: the second time the gateway has none.
    await expect(deletePartner(as(admin), { partnerId: gulf })).rejects.toMatchObject({ code: "not_found" });
    const [row] = await auditsOf(unknown);
    expect(row).toMatchObject({ action: "partner.delete_failed" });
    expect(row!.summary).toMatchObject({ outcome: "not_found", httpStatus: 404 });
    expect((await auditsOf(gulf)).map((a) => a.action)).toEqual(["partner.delete", "partner.delete_failed"]);
  });

  it("an id that is not a UUID is refused before any gateway call (and the form's schema refuses it too)", async () => {
    const before = await partnerCalls();
    for (const bad of ["", "123", "not-a-uuid", `${gulf}x`, "../roles/role", `${gulf.slice(0, 35)}`]) {
      await expect(deletePartner(as(admin), { partnerId: bad })).rejects.toMatchObject({ code: "invalid_request" });
      expect(deletePartnerSchema.safeParse({ partnerId: bad }).success).toBe(false);
    }
    expect(await partnerCalls()).toBe(before);
  });

  it("a UUID in capitals or with spaces around it is the same id", async () => {
    const r = await deletePartner(as(admin), { partnerId: `  ${najd.toUpperCase()} ` });
    expect(r.partnerId).toBe(najd);
    expect(r.message).toBe("Partner Najd Retail Group deleted successfully");
  });

  it("BRANCH and MERCHANT keys are refused by the gateway: said plainly, nothing deleted, audited", async () => {
    for (const [level, key] of [
      ["BRANCH", SANDBOX_LEVEL_KEYS.BRANCH],
      ["MERCHANT", SANDBOX_LEVEL_KEYS.MERCHANT],
    ] as const) {
      const levelDeps = withKey(key);
      try {
        await expect(deletePartner({ deps: levelDeps, principal: admin, ip: null }, { partnerId: redSea })).rejects.toMatchObject({
          code: "gateway_error",
          userMessage: `The gateway's API key has the ${level} access level, which may not delete partners (contract 5.3). Nothing was deleted.`,
        });
      } finally {
        await levelDeps.gateway.close();
      }
    }
    expect((await auditsOf(redSea)).map((a) => [a.action, (a.summary as { outcome: string }).outcome])).toEqual([
      ["partner.delete_failed", "access_level"],
      ["partner.delete_failed", "access_level"],
    ]);
    // The partner is still there: a SUPER_ADMIN key deletes it.
    await expect(deletePartner(as(admin), { partnerId: redSea })).resolves.toMatchObject({
      message: "Partner Red Sea Commerce deleted successfully",
    });
  });

  it("a reply lost after the gateway acted is outcome_unknown, never 'deleted' nor 'not found'", async () => {
    const control = sandboxControl(sandbox.url);
    const id = randomUUID();
    await control.addFault({ operation: "partner_delete", fault: "reset", times: 1, phase: "after" });
    try {
      await expect(deletePartner(as(admin), { partnerId: id })).rejects.toMatchObject({ code: "outcome_unknown" });
    } finally {
      await control.clearFaults();
    }
    const [row] = await auditsOf(id);
    expect(row).toMatchObject({ action: "partner.delete_failed" });
    expect(row!.summary).toMatchObject({ outcome: "outcome_unknown" });
  });

  it("a gateway that cannot be reached is gateway_unavailable (nothing sent), and audited", async () => {
    const down = testDeps(database, `http://127.0.0.1:${await closedPort()}`);
    const id = randomUUID();
    try {
      await expect(deletePartner({ deps: down, principal: admin, ip: null }, { partnerId: id })).rejects.toMatchObject({
        code: "gateway_unavailable",
      });
    } finally {
      await down.gateway.close();
    }
    expect((await auditsOf(id))[0]!.summary).toMatchObject({ outcome: "unavailable" });
  });

  it("without PARTNERS_DELETE the delete is refused before any gateway call and nothing is audited", async () => {
    const before = await partnerCalls();
    const id = randomUUID();
    await expect(deletePartner(as(nobody), { partnerId: id })).rejects.toMatchObject({ code: "forbidden" });
    expect(await partnerCalls()).toBe(before);
    expect(await auditsOf(id)).toEqual([]);
  });

  it("the audit chain still verifies after all these attempts", async () => {
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });
});
