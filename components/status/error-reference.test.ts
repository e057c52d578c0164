// Rule guarded: the error page quotes only the digest the server logged, a short plain token, and nothing when an
// error has none (a browser-side error): never the message, never an arbitrary value put in its place.
import { describe, expect, it } from "vitest";
import { errorReference } from "./error-reference";

describe("errorReference", () => {
  it("is the digest of a server error", () => {
    expect(errorReference(Object.assign(new Error("An error occurred in the Server Components render."), { digest: "3697218903" }))).toBe(
      "3697218903",
    );
  });
  it("is nothing for an error without a digest, or a thrown non-object", () => {
    expect(errorReference(new Error("db password hunter2"))).toBeNull();
    expect(errorReference("boom")).toBeNull();
    expect(errorReference(null)).toBeNull();
  });
  it("is nothing when the digest is not a short plain token", () => {
    expect(errorReference({ digest: "" })).toBeNull();
    expect(errorReference({ digest: 42 })).toBeNull();
    expect(errorReference({ digest: "<script>alert(1)</script>" })).toBeNull();
    expect(errorReference({ digest: "x".repeat(65) })).toBeNull();
  });
});
