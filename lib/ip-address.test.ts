// Rule guarded: payer_ip is never made up. The IPv4 address an address carries is found (an IPv4-mapped IPv6 one
// unwrapped, as a dual-stack server sees an IPv4 client); anything else has none, and the caller refuses or omits it.
import { describe, expect, it } from "vitest";
import { ipv4Of, normaliseIp } from "./ip-address";

describe("ip addresses", () => {
  it("the IPv4 address payer_ip carries: IPv4 as is, an IPv4-mapped IPv6 one unwrapped, anything else none", () => {
    expect(ipv4Of("203.0.113.7")).toBe("203.0.113.7");
    expect(ipv4Of("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipv4Of("::FFFF:198.51.100.1")).toBe("198.51.100.1");
    for (const none of ["2001:db8::1", "::1", "::ffff:999.1.1.1", "256.1.1.1", "", null, undefined, "localhost"])
      expect(ipv4Of(none), String(none)).toBeNull();
  });
  it("normaliseIp unwraps an IPv4-mapped address and leaves others as they are", () => {
    expect(normaliseIp(" ::ffff:127.0.0.1 ")).toBe("127.0.0.1");
    expect(normaliseIp("2001:db8::1")).toBe("2001:db8::1");
  });
});
