// Rule guarded: exactly one sidebar entry carries aria-current="page" for a path (the most specific one), prefix
// matches respect path segments, and the Administration heading never shows without items.
import { describe, expect, it } from "vitest";
import { NAV_ITEMS } from "@/lib/navigation";
import { activeHref, groupNav, initials } from "./nav-active";

const hrefs = NAV_ITEMS.map((i) => i.href);

describe("activeHref", () => {
  it("matches exactly", () => {
    expect(activeHref("/transactions", hrefs)).toBe("/transactions");
    expect(activeHref("/payments/new", hrefs)).toBe("/payments/new");
  });
  it("matches nested pages of an area", () => {
    expect(activeHref("/transactions/TX-1", hrefs)).toBe("/transactions");
    expect(activeHref("/admin/users/42/edit", hrefs)).toBe("/admin/users");
  });
  it("ignores query, hash and a trailing slash", () => {
    expect(activeHref("/refunds/?status=pending#top", hrefs)).toBe("/refunds");
  });
  it("does not match a mere string prefix", () => {
    expect(activeHref("/refunds-report", hrefs)).toBeNull();
    expect(activeHref("/admin", hrefs)).toBeNull();
  });
  it("prefers the most specific href", () => {
    expect(activeHref("/admin/users/1", ["/admin", "/admin/users"])).toBe("/admin/users");
    expect(activeHref("/admin/roles", ["/admin", "/admin/users"])).toBe("/admin");
  });
  it("never marks the root as a prefix of everything", () => {
    expect(activeHref("/overview", ["/"])).toBeNull();
    expect(activeHref("/", ["/"])).toBe("/");
  });
});

describe("groupNav", () => {
  it("keeps order and labels the admin group", () => {
    const groups = groupNav(NAV_ITEMS);
    expect(groups.map((g) => g.titled)).toEqual([false, true]);
    expect(groups[0]?.items[0]?.href).toBe("/overview");
  });
  it("omits the admin group when the user has no admin item", () => {
    const groups = groupNav(NAV_ITEMS.filter((i) => i.group === "main"));
    expect(groups).toHaveLength(1);
    expect(groups[0]?.id).toBe("main");
  });
});

describe("initials", () => {
  it("takes the first and last words", () => {
    expect(initials("Aisha bint Khalid")).toBe("AK");
    expect(initials("sam")).toBe("S");
  });
  it("handles Arabic names and falls back to the e-mail", () => {
    expect(initials("عائشة خالد")).toBe("عخ");
    expect(initials("  ", "ops@example.com")).toBe("O");
  });
});
