// Rules guarded (real databases: PGlite, and CI's Postgres): the Refunds page's history filters by state, requester,
// amount (in one currency), days of the reader's zone and a search (order id, payment id, requester, note; LIKE
// wildcards typed by a person match themselves); it pages by keyset without skipping or repeating a refund, also
// among refunds made within the same millisecond; a refund waiting for approval is never in it; the CSV holds
// exactly the filtered refunds, times in the business zone named in the header, and is audited; only refund
// staff see it and only exporters export it.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundListQuerySchema, type RefundListQuery } from "@/lib/schemas/refund-list";
import { searchParamsRecord } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { readConfig } from "../../config";
import { auditLog, paymentActions, payments } from "../../db/schema";
import { translatorFor } from "../../i18n/translator";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../tests/support/services.support";
import { paymentValues } from "../../../tests/support/transactions-fixtures.support";
import type { ServiceContext, ServiceDeps } from "../deps";
import { exportRefundHistory, listRefundHistory, refundRequesters } from "./refund-history";

type Deps = Pick<ServiceDeps, "db" | "config" | "now">;
const q = (qs: string): RefundListQuery => refundListQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));
const words = {
  header: (c: string, tz: string) =>
    translatorFor({ language: "en", digits: "latn" }, "exports")(`refunds.${c}` as "refunds.orderId", { tz }),
  vocab: translatorFor({ language: "en", digits: "latn" }, "vocab"),
};

describe.each(testDatabaseTargets())("the refund history ($name)", (target) => {
  let database: TestDatabase;
  let deps: Deps;
  let fatima: Principal;
  let omar: Principal;
  let viewer: Principal;
  const as = (principal: Principal): ServiceContext<Deps> => ({ deps, principal, ip: null });
  const orders = async (qs: string) => (await listRefundHistory(as(fatima), q(qs))).rows.map((r) => r.orderId);

  beforeAll(async () => {
    database = await target.open();
    deps = {
      db: database.db,
      config: readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" }),
      now: () => new Date("2026-11-30T09:00:00Z"),
    };
    fatima = await testPrincipal(deps.db, "Fatima", ["REFUNDS_CREATE", "TRANSACTIONS_EXPORT"]);
    omar = await testPrincipal(deps.db, "Omar", ["REFUNDS_CREATE", "REFUNDS_APPROVE"]);
    viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW", "TRANSACTIONS_EXPORT"]);
    await deps.db.execute(sql`delete from payment_actions`);
    const refund = async (
      orderId: string,
      v: { state: string; minor: number; by: Principal; at: string; currency?: string; note?: string; approver?: Principal },
    ) => {
      const [p] = await deps.db
        .insert(payments)
        .values(paymentValues({ orderId, currency: v.currency ?? "SAR", amountMinor: 100_000 }))
        .returning();
      await deps.db.insert(paymentActions).values({
        paymentId: p!.id,
        type: "refund",
        state: v.state,
        amountMinor: v.minor,
        currency: v.currency ?? "SAR",
        reasonCode: "customer_request",
        note: v.note ?? null,
        idempotencyKey: `rh-${randomUUID()}`,
        requestHash: "x",
        requestedBy: v.by.userId,
        approvedBy: v.approver?.userId ?? null,
        createdAt: new Date(v.at),
      });
    };
    await refund("RH-1", { state: "succeeded", minor: 5_000, by: fatima, at: "2026-11-27T22:30:00Z", note: "Damaged_box 100%" }); // 28th 01:30 Riyadh
    await refund("RH-2", { state: "failed", minor: 20_000, by: omar, at: "2026-11-28T10:00:00Z" });
    await refund("RH-3", { state: "rejected", minor: 150_000, by: fatima, at: "2026-11-29T10:00:00Z", approver: omar });
    await refund("RH-4", { state: "succeeded", minor: 7_500, by: omar, at: "2026-11-29T12:00:00Z", currency: "KWD" });
    await refund("RH-WAIT", { state: "pending_approval", minor: 300_000, by: fatima, at: "2026-11-29T13:00:00Z" });
  }, 60_000);

  afterAll(async () => {
    await database?.dispose();
  });

  it("lists every decided refund newest first, never one waiting for approval", async () => {
    expect(await orders("tz=Asia/Riyadh")).toEqual(["RH-4", "RH-3", "RH-2", "RH-1"]);
  });

  it("filters by state, requester, currency and amount, and by days of the zone (01:30 Riyadh is the 28th)", async () => {
    expect(await orders("state=succeeded&tz=Asia/Riyadh")).toEqual(["RH-4", "RH-1"]);
    expect(await orders(`requester=${omar.userId}&tz=Asia/Riyadh`)).toEqual(["RH-4", "RH-2"]);
    expect(await orders("currency=SAR&amountMin=100&amountMax=1500&tz=Asia/Riyadh")).toEqual(["RH-3", "RH-2"]);
    expect(await orders("from=2026-11-28&to=2026-11-28&tz=Asia/Riyadh")).toEqual(["RH-2", "RH-1"]);
    expect(await orders("from=2026-11-27&to=2026-11-27&tz=Asia/Riyadh")).toEqual([]);
    expect(await orders("from=2026-11-27&to=2026-11-27&tz=UTC")).toEqual(["RH-1"]);
  });

  it("searches the order id, the requester and the note; a typed % or _ matches itself; a payment id matches whole", async () => {
    expect(await orders("q=rh-2&tz=UTC")).toEqual(["RH-2"]);
    expect(await orders("q=omar&tz=UTC")).toEqual(["RH-4", "RH-2"]);
    expect(await orders("q=100%25&tz=UTC")).toEqual(["RH-1"]);
    expect(await orders("q=dam_ged&tz=UTC")).toEqual([]); // as a wildcard, _ would match "damaged"
    const [row] = (await listRefundHistory(as(fatima), q("q=RH-3&tz=UTC"))).rows;
    expect(await orders(`q=${row!.paymentId}&tz=UTC`)).toEqual(["RH-3"]);
  });

  it("refuses an amount without its currency, a range upside down and an unknown state, with the field named", () => {
    const issues = (qs: string) =>
      refundListQuerySchema.safeParse(searchParamsRecord(new URLSearchParams(qs))).error?.issues.map((i) => i.path[0]);
    expect(issues("amountMin=10")).toEqual(["amountMin"]);
    expect(issues("currency=SAR&amountMin=20&amountMax=10")).toEqual(["amountMax"]);
    expect(issues("state=pending_approval")).toEqual(["state"]);
    expect(issues("cursor=next_garbage")).toEqual(["cursor"]);
  });

  it("pages by keyset, forwards and back, without skipping or repeating a refund made in the same millisecond", async () => {
    // Two more refunds in one millisecond (the database keeps microseconds; the cursor must too).
    for (const micros of ["2026-11-29 15:00:00.000100+00", "2026-11-29 15:00:00.000200+00"]) {
      const [p] = await deps.db
        .insert(payments)
        .values(paymentValues({ orderId: `RH-MS-${micros.slice(23, 26)}` }))
        .returning();
      const [a] = await deps.db
        .insert(paymentActions)
        .values({
          paymentId: p!.id,
          type: "refund",
          state: "succeeded",
          amountMinor: 100,
          currency: "SAR",
          idempotencyKey: `rh-${randomUUID()}`,
          requestHash: "x",
          requestedBy: fatima.userId,
        })
        .returning();
      await deps.db.execute(sql`update payment_actions set created_at = ${micros}::timestamptz where id = ${a!.id}::uuid`);
    }
    const seen: string[] = [];
    let page = await listRefundHistory(as(fatima), q("size=25&tz=UTC"));
    expect(page.rows).toHaveLength(6); // fewer than a page: no next
    expect([page.prevCursor, page.nextCursor]).toEqual([null, null]);
    // With pages of one row, walk to the end and back.
    const one = { ...q("tz=UTC"), size: 1 } as RefundListQuery;
    page = await listRefundHistory(as(fatima), one);
    for (;;) {
      seen.push(page.rows[0]!.orderId);
      if (!page.nextCursor) break;
      page = await listRefundHistory(as(fatima), { ...one, cursor: page.nextCursor });
    }
    expect(seen).toEqual(["RH-MS-200", "RH-MS-100", "RH-4", "RH-3", "RH-2", "RH-1"]);
    const back: string[] = [];
    while (page.prevCursor) {
      page = await listRefundHistory(as(fatima), { ...one, cursor: page.prevCursor });
      back.push(page.rows[0]!.orderId);
    }
    expect(back).toEqual(["RH-2", "RH-3", "RH-4", "RH-MS-100", "RH-MS-200"]);
  });

  it("exports exactly the filtered refunds, times in the business zone (named), and audits the export", async () => {
    const { stream, filename } = await exportRefundHistory(as(fatima), q("currency=SAR&tz=UTC&from=2026-11-27&to=2026-11-28"), words);
    expect(filename).toMatch(/^refunds-2026-11-30-1200\.csv$/);
    const lines = new TextDecoder()
      .decode(await new Response(stream).arrayBuffer())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe(
      "Requested (Asia/Riyadh),Order ID,Payment ID,Amount,Currency,State,Reason,Note,Requested by,Approved or rejected by",
    );
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["RH-2", "RH-1"]);
    expect(lines[2]).toMatch(/^2026-11-28 01:30:00,RH-1,[0-9a-f-]{36},50\.00,SAR,Succeeded,Customer request,Damaged_box 100%,Fatima,$/);
    const [entry] = await deps.db.select().from(auditLog).where(eq(auditLog.action, "refunds.export"));
    expect(entry).toMatchObject({
      actorId: fatima.userId,
      summary: { rows: 2, outcome: "completed", filter: { currency: "SAR", from: "2026-11-27", to: "2026-11-28", tz: "UTC" } },
    });
  });

  it("is refund staff's only: others are refused the list and the requesters; exporting also needs TRANSACTIONS_EXPORT", async () => {
    expect(await codeOf(listRefundHistory(as(viewer), q("tz=UTC")))).toBe("forbidden");
    expect(await codeOf(refundRequesters(as(viewer)))).toBe("forbidden");
    expect(await codeOf(exportRefundHistory(as(viewer), q("tz=UTC"), words))).toBe("forbidden");
    expect(await codeOf(exportRefundHistory(as(omar), q("tz=UTC"), words))).toBe("forbidden");
    expect((await refundRequesters(as(omar))).map((r) => r.name)).toEqual(["Fatima", "Omar"]);
  });
});
