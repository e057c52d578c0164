// Integration tests of saved views on a real database. Rules guarded: views belong to one user (another user
// neither sees nor deletes them — "not found", not "forbidden"); a name is unique per user and never silently
// overwritten; the saved query is the canonical filter without a page cursor; each change is audited.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSavedViewSchema } from "@/lib/transactions/saved-view";
import type { Principal } from "../../auth/principal";
import { auditLog } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { createSavedView } from "./create-saved-view";
import { deleteSavedView } from "./delete-saved-view";
import { listSavedViews } from "./list-saved-views";

describe.each(testDatabaseTargets())("saved views on $name", (target) => {
  let database: TestDatabase;
  let alice: Principal;
  let bob: Principal;
  const deps = () => ({ db: database.db, now: () => new Date() });
  const input = (name: string, query: string) => createSavedViewSchema.parse({ name, query });
  beforeAll(async () => {
    database = await target.open();
    alice = await testPrincipal(database.db, "Alice", ["TRANSACTIONS_VIEW"]);
    bob = await testPrincipal(database.db, "Bob", ["TRANSACTIONS_VIEW"]);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("each user sees only their own views, sorted by name, with the canonical query", async () => {
    await createSavedView({ deps: deps(), principal: alice, ip: null }, input("Morning", "status=captured&tz=Asia/Riyadh"));
    await createSavedView({ deps: deps(), principal: alice, ip: null }, input("Big SAR", "currency=SAR&amountMin=1000&q="));
    await createSavedView({ deps: deps(), principal: bob, ip: null }, input("Morning", "status=declined"));
    const mine = await listSavedViews({ deps: deps(), principal: alice, ip: null });
    expect(mine.map((v) => [v.name, v.query])).toEqual([
      ["Big SAR", "currency=SAR&amountMin=1000&tz=UTC"],
      ["Morning", "status=captured&tz=Asia%2FRiyadh"],
    ]);
    expect((await listSavedViews({ deps: deps(), principal: bob, ip: null })).map((v) => v.name)).toEqual(["Morning"]);
  });

  it("refuses a second view with the same name for the same user (no silent overwrite)", async () => {
    const again = createSavedView({ deps: deps(), principal: alice, ip: null }, input("Morning", "status=refunded"));
    await expect(again).rejects.toMatchObject({ code: "conflict" });
    const views = await listSavedViews({ deps: deps(), principal: alice, ip: null });
    expect(views.find((v) => v.name === "Morning")?.query).toBe("status=captured&tz=Asia%2FRiyadh");
  });

  it("a user cannot delete another user's view: it is 'not found'; the owner can, and it is audited", async () => {
    const [bobsView] = await listSavedViews({ deps: deps(), principal: bob, ip: null });
    await expect(deleteSavedView({ deps: deps(), principal: alice, ip: null }, { viewId: bobsView!.id })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await listSavedViews({ deps: deps(), principal: bob, ip: null })).toHaveLength(1);
    await deleteSavedView({ deps: deps(), principal: bob, ip: null }, { viewId: bobsView!.id });
    expect(await listSavedViews({ deps: deps(), principal: bob, ip: null })).toEqual([]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.actorId, bob.userId));
    expect(audits.map((a) => a.action)).toEqual(["transactions.view_create", "transactions.view_delete"]);
  });

  it("a page cursor is never saved with a view", () => {
    expect(input("x", "status=captured&cursor=WyJjcmVhdGVkIl0").query).toBe("status=captured&tz=UTC");
  });

  it("refuses a user without TRANSACTIONS_VIEW", async () => {
    const nobody = await testPrincipal(database.db, "Nobody", []);
    await expect(listSavedViews({ deps: deps(), principal: nobody, ip: null })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createSavedView({ deps: deps(), principal: nobody, ip: null }, input("x", ""))).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
