// Rule guarded (#13 Partners): with no partner list call at the gateway, the dashboard offers the partners it has
// seen in the business-unit hierarchy of transaction details (the gateway-call log), each once with its latest name,
// newest first; partners it deleted, other unit types and failed calls are not offered; only PARTNERS_DELETE may ask.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditNow } from "../../../audit/audit-log";
import { gatewayCalls } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../../tests/support/services.support";
import { listKnownPartners } from "./known-partners";

const node = (id: string, type: string, name: string | null, parent: unknown = null) => ({
  businessUnitId: id,
  businessUnitName: name,
  businessUnitNameAr: name ? `${name} (ar)` : null,
  businessUnitType: type,
  children: null,
  parent,
});

describe.each(testDatabaseTargets())("known partners on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const details = (at: string, hierarchy: unknown, outcome = "success") =>
    database.db.insert(gatewayCalls).values({
      operation: "transaction_details",
      transactionId: randomUUID(),
      outcome,
      latencyMs: 5,
      request: {},
      response: { code: 200, data: { transactionDetails: {}, businessUnitHierarchy: hierarchy } },
      startedAt: new Date(at),
    });

  it("lists each PARTNER node once, latest name first, leaving out deleted partners and failed calls", async () => {
    const [p1, p2, gone, failed, merchant] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const root = node(randomUUID(), "SUPER_ADMIN", "Gateway");
    await details("2026-11-01T10:00:00Z", node(merchant, "MERCHANT", "Shop", node(p1, "PARTNER", "Old name", root)));
    await details("2026-11-02T10:00:00Z", node(merchant, "MERCHANT", "Shop", node(p2, "PARTNER", null, root)));
    await details("2026-11-03T10:00:00Z", node(merchant, "MERCHANT", "Shop", node(p1.toUpperCase(), "partner", "New name", root)));
    await details("2026-11-04T10:00:00Z", node(merchant, "MERCHANT", "Shop", node(gone, "PARTNER", "Deleted one", root)));
    await details("2026-11-05T10:00:00Z", node(merchant, "MERCHANT", "Shop", node(failed, "PARTNER", "Never", root)), "gateway_error");
    const admin = await testPrincipal(database.db, "Admin", ["PARTNERS_DELETE"]);
    await appendAuditNow(database.db, {
      action: "partner.delete",
      actorId: admin.userId,
      actorEmail: admin.email,
      targetType: "partner",
      targetId: gone,
    });

    const known = await listKnownPartners({ deps: { db: database.db }, principal: admin, ip: null });
    expect(known).toEqual([
      { id: p1, name: "New name", nameAr: "New name (ar)", lastSeenAt: "2026-11-03T10:00:00.000Z" },
      { id: p2, name: null, nameAr: null, lastSeenAt: "2026-11-02T10:00:00.000Z" },
    ]);
  });

  it("without PARTNERS_DELETE the list is refused", async () => {
    const reader = await testPrincipal(database.db, "Reader", ["BRANCHES_VIEW"]);
    expect(await codeOf(listKnownPartners({ deps: { db: database.db }, principal: reader, ip: null }))).toBe("forbidden");
  });
});
