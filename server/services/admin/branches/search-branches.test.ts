// Integration tests of the branch search against the real sandbox over HTTP. Rules guarded: page number and page
// size are always sent (the gateway requires both), also when the URL leaves them out; the text and active
// filters and the pages (from 0) come from the gateway; a refusal for the API key's access level (contract 5.3:
// BRANCH may not search branches) is said plainly; an unavailable gateway is a clear error; no permission, no call.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchSearchQuerySchema, type BranchSearchQueryInput } from "@/lib/schemas/admin-branches";
import type { Principal } from "../../../auth/principal";
import { gatewayCalls } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { SANDBOX_LEVEL_KEYS } from "../../../gateway/sandbox-defaults";
import { sandboxControl } from "../../../../tests/support/sandbox-flows.support";
import type { ServiceDeps } from "../../deps";
import { startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { searchBranches } from "./search-branches";

const q = (input: BranchSearchQueryInput = {}) => branchSearchQuerySchema.parse(input);

describe.each(testDatabaseTargets())("branch search on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let branchKeyDeps: ServiceDeps;
  let viewer: Principal;
  let nobody: Principal;
  const branchSearchCalls = () => database.db.select().from(gatewayCalls).where(eq(gatewayCalls.operation, "branch_search"));

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    // readConfig refuses the sandbox's default credentials only for a real gateway; the level keys are fine here.
    branchKeyDeps = testDeps(database, sandbox.url, { GATEWAY_API_KEY: SANDBOX_LEVEL_KEYS.BRANCH });
    viewer = await testPrincipal(database.db, "Viewer", ["BRANCHES_VIEW"]);
    nobody = await testPrincipal(database.db, "Nobody", ["TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await branchKeyDeps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("always sends page number and page size, even when the query leaves them out", async () => {
    const query = q({});
    expect(query).toEqual({ status: "all", pageNumber: 0, pageSize: 10 });
    const page = await searchBranches({ deps, principal: viewer, ip: null }, query);
    expect(page).toMatchObject({ pageNumber: 0, pageSize: 10, totalElements: 25, totalPages: 3 });
    expect(page.items).toHaveLength(10);
    const [call] = await branchSearchCalls();
    const url = new URL((call!.request as { url: string }).url);
    expect(url.searchParams.get("pageNumber")).toBe("0");
    expect(url.searchParams.get("pageSize")).toBe("10");
    expect(url.searchParams.has("active")).toBe(false);
  });

  it("#13: each branch carries its country's name from the numeric ISO code, and no city name the gateway did not give", async () => {
    const page = await searchBranches({ deps, principal: viewer, ip: null }, q({}));
    expect(page.items.every((b) => b.countryCode === "682" && b.countryName === "Saudi Arabia")).toBe(true);
    expect(page.items.every((b) => typeof b.cityId === "number" && b.cityName === null)).toBe(true);
  });

  it("pages are numbered from 0, do not overlap and together hold every branch", async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((n) => searchBranches({ deps, principal: viewer, ip: null }, q({ pageNumber: String(n), pageSize: "10" }))),
    );
    expect(pages.map((p) => [p.pageNumber, p.items.length])).toEqual([
      [0, 10],
      [1, 10],
      [2, 5],
    ]);
    const ids = pages.flatMap((p) => p.items.map((b) => b.id));
    expect(new Set(ids).size).toBe(25);
    const past = await searchBranches({ deps, principal: viewer, ip: null }, q({ pageNumber: "3" }));
    expect(past).toMatchObject({ items: [], totalElements: 25, totalPages: 3 });
  });

  it("the text filter matches English and Arabic names", async () => {
    const jeddah = await searchBranches({ deps, principal: viewer, ip: null }, q({ text: "jeddah", pageSize: "50" }));
    expect(jeddah.items.map((b) => b.name).sort()).toEqual(["Jeddah Al Balad", "Jeddah Corniche", "Jeddah Red Sea Mall"]);
    const arabic = await searchBranches({ deps, principal: viewer, ip: null }, q({ text: "جدة", pageSize: "50" }));
    expect(arabic.items.length).toBeGreaterThanOrEqual(2);
    expect(arabic.items.every((b) => `${b.name} ${b.nameAR}`.includes("جدة"))).toBe(true);
    const calls = await branchSearchCalls();
    expect(calls.every((c) => /pageNumber=\d+&pageSize=\d+/.test((c.request as { url: string }).url))).toBe(true);
  });

  it("the status filter sends active=true / active=false, and nothing for all", async () => {
    const active = await searchBranches({ deps, principal: viewer, ip: null }, q({ status: "active", pageSize: "50" }));
    const inactive = await searchBranches({ deps, principal: viewer, ip: null }, q({ status: "inactive", pageSize: "50" }));
    const all = await searchBranches({ deps, principal: viewer, ip: null }, q({ status: "all", pageSize: "50" }));
    expect(active.items.every((b) => b.active)).toBe(true);
    expect(inactive.items.every((b) => !b.active)).toBe(true);
    expect(inactive.totalElements).toBeGreaterThan(0);
    expect(active.totalElements + inactive.totalElements).toBe(all.totalElements);
  });

  it("query values outside the form's choices are refused by the schema", () => {
    expect(branchSearchQuerySchema.safeParse({ pageSize: "1000" }).success).toBe(false);
    expect(branchSearchQuerySchema.safeParse({ pageNumber: "-1" }).success).toBe(false);
    expect(branchSearchQuerySchema.safeParse({ status: "deleted" }).success).toBe(false);
    expect(branchSearchQuerySchema.safeParse({ text: "x".repeat(101) }).success).toBe(false);
  });

  it("a BRANCH-level API key is refused by the gateway, and the error says so plainly", async () => {
    await expect(searchBranches({ deps: branchKeyDeps, principal: viewer, ip: null }, q())).rejects.toMatchObject({
      code: "gateway_error",
      userMessage: "The gateway's API key has the BRANCH access level, which may not search branches (contract 5.3).",
    });
  });

  it("an unavailable gateway is a gateway_unavailable error, not a broken answer", async () => {
    const control = sandboxControl(sandbox.url);
    await control.addFault({ operation: "branch_search", fault: "http_503", times: 3 });
    try {
      await expect(searchBranches({ deps, principal: viewer, ip: null }, q())).rejects.toMatchObject({ code: "gateway_unavailable" });
    } finally {
      await control.clearFaults();
    }
  });

  it("without BRANCHES_VIEW the search is refused before any gateway call", async () => {
    const before = (await branchSearchCalls()).length;
    await expect(searchBranches({ deps, principal: nobody, ip: null }, q())).rejects.toMatchObject({ code: "forbidden" });
    expect((await branchSearchCalls()).length).toBe(before);
  });
});
