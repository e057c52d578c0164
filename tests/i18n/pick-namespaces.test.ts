// Rule guarded (#15, per-page catalogs): a page sends the browser only the namespaces (or branches) it names: the
// base ones carry of the API errors only errors.client (the server answers every other error in the reader's
// language), and naming a whole namespace beside a branch of it sends the whole.
import { describe, expect, it } from "vitest";
import { BASE_CLIENT_NAMESPACES, catalogOf, pickNamespaces } from "@/messages";

describe("pickNamespaces", () => {
  const ar = catalogOf("ar");

  it("sends the base namespaces and only the client branch of the errors", () => {
    const picked = pickNamespaces(ar, BASE_CLIENT_NAMESPACES);
    expect(Object.keys(picked).sort()).toEqual(["common", "errors", "shell", "ui", "validation", "vocab"]);
    expect(picked.errors).toEqual({ client: ar.errors.client });
    expect(picked.transactions).toBeUndefined();
  });

  it("a whole namespace wins over a branch of it, in either order", () => {
    expect(pickNamespaces(ar, ["errors.client", "errors"]).errors).toBe(ar.errors);
    expect(pickNamespaces(ar, ["errors", "errors.client"]).errors).toBe(ar.errors);
  });

  it("the base part sent to every page stays small (under 40 KB of Arabic JSON)", () => {
    expect(JSON.stringify(pickNamespaces(ar, BASE_CLIENT_NAMESPACES)).length).toBeLessThan(40_000);
  });
});
