// Budget rule (issue #17, DESIGN "Budgets"): the database round trips and commits of the hot paths are pinned, so
// that an extra query or commit on a request fails here rather than in a benchmark. Real sandbox over HTTP, both
// databases. Pinned: "Sync with gateway" (one lookup, then ONE transaction holding the two reads' call records and
// the ledger update: one commit), the forwarding read GET /api/transactions/:id/gateway (one lookup, no commit;
// its two call records are written behind the request, in one statement).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { gatewayCallsSettled } from "../../db/gateway-call-log";
import { countQueries } from "../../db/query-observer";
import { gatewayCalls, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import type { Principal } from "../../auth/principal";
import type { ServiceContext, ServiceDeps } from "../deps";
import { viewLedgerPaymentAtGateway } from "./gateway-snapshot";
import { syncPaymentForUser } from "./sync-for-user";

describe.each(testDatabaseTargets())("hot paths' database round trips on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let clerk: Principal;
  const ctx = (): ServiceContext => ({ deps, principal: clerk, ip: null });
  const callsOf = async (transactionId: string, purpose: string) =>
    database.db
      .select({ id: gatewayCalls.id })
      .from(gatewayCalls)
      .where(and(eq(gatewayCalls.transactionId, transactionId), eq(gatewayCalls.purpose, purpose)));

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    clerk = await testPrincipal(database.db, "Clerk", ["TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("sync with gateway: 7 round trips and 1 commit (lookup; begin, call records, lock, actions, update, commit)", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 4_000, auth: false });
    await syncPaymentForUser(ctx(), { paymentId: p.id }); // the first sync records the gateway's status word
    const { result, count } = await countQueries(() => syncPaymentForUser(ctx(), { paymentId: p.id }));
    expect(result.outcome).toBe("synced");
    expect(count, count.sql.join("\n")).toMatchObject({ statements: 5, transactions: 1, roundTrips: 7, commits: 1 });
    // Both syncs' two reads are in the log, written by the sync's own transaction.
    expect(await callsOf(p.gatewayId!, "user_sync")).toHaveLength(4);
  });

  it("sync whose gateway read fails: no transaction, the call records in one statement after", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 4_000, auth: false });
    // A gateway id the sandbox does not know: both reads come back refused, nothing in the ledger changes.
    await database.db
      .update(payments)
      .set({ gatewayId: `unknown-${p.id}` })
      .where(eq(payments.id, p.id));
    const { count } = await countQueries(() => syncPaymentForUser(ctx(), { paymentId: p.id }).catch((e: unknown) => e));
    expect(count, count.sql.join("\n")).toMatchObject({ statements: 2, transactions: 0, roundTrips: 2, commits: 1 });
    expect(await callsOf(`unknown-${p.id}`, "user_sync")).toHaveLength(2);
  });

  it("forwarding read GET /api/transactions/:id/gateway: 1 round trip, 0 commits; its call records written behind", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 4_000, auth: false });
    const { result, count } = await countQueries(() => viewLedgerPaymentAtGateway(ctx(), { paymentId: p.id }));
    expect(result.status.ok && result.details.ok).toBe(true);
    expect(count, count.sql.join("\n")).toMatchObject({ statements: 1, transactions: 0, roundTrips: 1, commits: 0 });
    await gatewayCallsSettled(database.db);
    expect(await callsOf(p.gatewayId!, "page_view")).toHaveLength(2);
  });
});
