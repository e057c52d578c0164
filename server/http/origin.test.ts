// Threat guarded: cross-site request forgery. A page on another site (or a sandboxed 3-D Secure frame, which
// sends `Origin: null`) must not be able to make a signed-in user's browser change anything.
import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin";

const appUrl = "http://localhost:3000";
const base = { method: "POST", host: "localhost:3000", appUrl };

describe("Origin check for state-changing requests", () => {
  it("allows the dashboard's own origin (configured URL or the addressed host)", () => {
    expect(isAllowedOrigin({ ...base, origin: "http://localhost:3000" })).toBe(true);
    expect(isAllowedOrigin({ ...base, host: "127.0.0.1:3100", origin: "http://127.0.0.1:3100" })).toBe(true);
  });
  it("refuses a foreign origin", () => {
    expect(isAllowedOrigin({ ...base, origin: "https://evil.example" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "http://localhost:3001" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "http://localhost:3000.evil.example" })).toBe(false);
  });
  it("refuses Origin: null, as a sandboxed frame sends it", () => {
    expect(isAllowedOrigin({ ...base, origin: "null" })).toBe(false);
  });
  it("refuses a request with no Origin at all", () => {
    expect(isAllowedOrigin({ ...base, origin: null })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "" })).toBe(false);
  });
  it("refuses malformed origins", () => {
    for (const origin of ["localhost:3000", "http://localhost:3000/path", "http://user@localhost:3000", "javascript:alert(1)"]) {
      expect(isAllowedOrigin({ ...base, origin })).toBe(false);
    }
  });
  it("applies to POST, PUT, PATCH and DELETE, not to safe methods", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "post"])
      expect(isAllowedOrigin({ ...base, method, origin: "https://evil.example" })).toBe(false);
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(isAllowedOrigin({ ...base, method, origin: "https://evil.example" })).toBe(true);
  });
});
