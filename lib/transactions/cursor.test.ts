// Rule guarded: keyset cursors round-trip exactly (microsecond timestamps, ids) and anything tampered with or
// foreign is refused, never turned into SQL.
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, type Cursor } from "./cursor";

describe("keyset cursor", () => {
  it("round-trips as base64url with the microseconds of created_at intact", () => {
    const c: Cursor = { s: "created", v: "2024-03-01 12:00:00.123456+00", id: "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69", d: "next" };
    const text = encodeCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(c);
    const a: Cursor = { s: "amount", v: "1050", id: "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69", d: "prev" };
    expect(decodeCursor(encodeCursor(a))).toEqual(a);
  });

  it("refuses tampered or foreign cursors", () => {
    expect(decodeCursor("not base64!")).toBeNull();
    expect(decodeCursor(btoa("[1,2,3]"))).toBeNull();
    const inject = btoa(
      JSON.stringify(["created", "2024-01-01'); drop table payments;--", "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69", "next"]),
    );
    expect(decodeCursor(inject.replace(/=+$/, ""))).toBeNull();
    const badAmount = btoa(JSON.stringify(["amount", "1.5", "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69", "next"]));
    expect(decodeCursor(badAmount.replace(/=+$/, ""))).toBeNull();
  });
});
