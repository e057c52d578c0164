// Rule guarded: a sign-in that fails inside (the database unreachable, anything unexpected) shows the person a
// message they can act on, in their language, never the driver's own ("connect ECONNREFUSED 10.0.0.5:5432" named
// the database's host on the sign-in form). next-auth hands whatever authorize() throws to the form as it is, so a
// malformed sign-in request (a client other than the form) gets its message in the reader's language too.
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../db", () => ({ getDatabase: vi.fn() }));
const { getDatabase } = await import("../db");
const { authOptions } = await import("./options");

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const authorize = () => (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;
const credentials = { email: "someone@example.com", password: "a-long-enough-password" };
const refused = () => Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });

beforeEach(() => void vi.mocked(getDatabase).mockReset());

describe("sign-in when something inside fails", () => {
  it("the database unreachable: says so, in English or Arabic as the reader asks, naming no host", async () => {
    vi.mocked(getDatabase).mockRejectedValue(refused());
    const english = await authorize()(credentials, { headers: { "accept-language": "en" } }).catch((e: Error) => e.message);
    expect(english).toMatch(/^Signing in is not possible right now/);
    const arabic = await authorize()(credentials, { headers: { "accept-language": "ar-SA,ar" } }).catch((e: Error) => e.message);
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    for (const text of [english, arabic]) expect(text).not.toMatch(/ECONNREFUSED|10\.0\.0\.5/);
  });

  it("anything else unexpected: the generic message, not the error's own", async () => {
    vi.mocked(getDatabase).mockRejectedValue(new Error('relation "users" does not exist'));
    const text = String(await authorize()(credentials, { headers: {} }).catch((e: Error) => e.message));
    expect(text).not.toContain("relation");
    expect(text.length).toBeGreaterThan(10);
  });

  it("a malformed request (no password): the invalid-request message in the reader's language, no database read", async () => {
    const arabic = String(
      await authorize()({ email: "someone@example.com" }, { headers: { "accept-language": "ar" } }).catch((e: Error) => e.message),
    );
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    const english = String(await authorize()({ email: "x" }, { headers: { "accept-language": "en" } }).catch((e: Error) => e.message));
    expect(english).toBe("This sign-in request is not valid.");
    expect(getDatabase).not.toHaveBeenCalled();
  });
});
