// Threat guarded: cross-site request forgery. A page on another site (or a sandboxed 3-D Secure frame, which
// sends `Origin: null`) must not be able to make a signed-in user's browser change anything; and the Host header,
// which the client chooses, never vouches for an Origin (a forged Host equal to a forged Origin is still refused).
import { describe, expect, it } from "vitest";
import { dashboardOrigins, isAllowedOrigin } from "./origin";

const allowed = dashboardOrigins("https://dash.example.com", ["https://pay.example.com"]);
const base = { method: "POST", allowed };

describe("Origin check for state-changing requests", () => {
  it("allows APP_URL's origin and the ALLOWED_ORIGINS, nothing else", () => {
    expect(isAllowedOrigin({ ...base, origin: "https://dash.example.com" })).toBe(true);
    expect(isAllowedOrigin({ ...base, origin: "https://dash.example.com/" })).toBe(true);
    expect(isAllowedOrigin({ ...base, origin: "https://pay.example.com" })).toBe(true);
    expect(allowed).toEqual(["https://dash.example.com", "https://pay.example.com"]);
  });
  it("refuses a foreign origin, whatever the Host header says", () => {
    // Before, an Origin equal to the Host header passed: a client naming evil.example in both got through.
    expect(isAllowedOrigin({ ...base, origin: "https://evil.example" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "http://dash.example.com" })).toBe(false); // same host, plain HTTP
    expect(isAllowedOrigin({ ...base, origin: "https://dash.example.com:8443" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "https://dash.example.com.evil.example" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "https://sub.dash.example.com" })).toBe(false);
  });
  it("on a loopback APP_URL, accepts the other loopback names of the same port only", () => {
    const local = dashboardOrigins("http://127.0.0.1:3000");
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"])
      expect(isAllowedOrigin({ method: "POST", origin, allowed: local })).toBe(true);
    for (const origin of ["http://localhost:3001", "https://localhost:3000", "http://127.0.0.2:3000"])
      expect(isAllowedOrigin({ method: "POST", origin, allowed: local })).toBe(false);
    // A public APP_URL never lets a loopback origin in.
    expect(isAllowedOrigin({ ...base, origin: "http://localhost:3000" })).toBe(false);
  });
  it("refuses Origin: null, as a sandboxed frame sends it", () => {
    expect(isAllowedOrigin({ ...base, origin: "null" })).toBe(false);
  });
  it("refuses a request with no Origin at all", () => {
    expect(isAllowedOrigin({ ...base, origin: null })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "" })).toBe(false);
  });
  it("refuses malformed origins", () => {
    for (const origin of ["dash.example.com", "https://dash.example.com/path", "https://user@dash.example.com", "javascript:alert(1)"]) {
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
