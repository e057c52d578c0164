// Rule guarded: an operator who set ADMIN_EMAIL / ADMIN_PASSWORD is told when they were not used (the database had
// users already), not left to wonder why the account does not exist; a first start says how its admin was made.
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_IGNORED_REASON, bootstrapNotice } from "./bootstrap-notice";

describe("bootstrapNotice", () => {
  it("set but not used: a warning naming the address and why", () => {
    expect(bootstrapNotice(null, { email: "ops@shop.example" })).toEqual({
      level: "warn",
      event: "auth.bootstrap_admin_ignored",
      fields: { email: "ops@shop.example", reason: BOOTSTRAP_IGNORED_REASON },
    });
  });
  it("created from them, or with a generated password in a file; nothing to say when neither", () => {
    expect(bootstrapNotice({ email: "a@b.example", passwordFile: null }, { email: "a@b.example" })?.fields).toEqual({
      email: "a@b.example",
      from: "ADMIN_EMAIL and ADMIN_PASSWORD",
    });
    expect(bootstrapNotice({ email: "admin@example.com", passwordFile: "/data/first-admin.txt" }, null)?.fields).toEqual({
      email: "admin@example.com",
      passwordFile: "/data/first-admin.txt",
    });
    expect(bootstrapNotice(null, null)).toBeNull();
  });
});
