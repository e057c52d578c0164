// Threats guarded: a client choosing its own "IP" for the sign-in throttle and the audit log by sending
// X-Forwarded-For. The app's server appends the socket's peer address (Next alone keeps a client's header as sent);
// only TRUSTED_PROXY_HOPS entries left of it are trusted: 0 hops = the peer, N hops = the N-th entry left of it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseIp } from "@/lib/ip-address";
import { clientIp, isPrivateAddress } from "./client-ip";
import { installPeerAddressStamp } from "./peer-address";

const h = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

describe("clientIp", () => {
  it("takes the right-most entry (the socket's peer) with 0 trusted hops, whatever the client wrote left of it", () => {
    expect(clientIp(h("6.6.6.6, 203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientIp(h("203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  it("takes the N-th entry left of the peer with N trusted hops", () => {
    // client-forged, real client as seen by the outer proxy, inner proxy, peer (the inner proxy)
    expect(clientIp(h("6.6.6.6, 198.51.100.7, 10.0.0.2, 10.0.0.1"), 2)).toBe("198.51.100.7");
    expect(clientIp(h("198.51.100.7, 10.0.0.1"), 1)).toBe("198.51.100.7");
  });

  it("takes the left-most entry when the chain is shorter than the hops (the request came straight in)", () => {
    expect(clientIp(h("203.0.113.9"), 2)).toBe("203.0.113.9");
  });

  it("answers 'unknown' for no header or a chosen entry that is not an address", () => {
    expect(clientIp(h(), 0)).toBe("unknown");
    expect(clientIp(h("1.2.3.4, <script>"), 0)).toBe("unknown");
  });

  it("reads IPv4-mapped IPv6 peers as IPv4", () => {
    expect(normaliseIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientIp(h("::1"), 0)).toBe("::1");
  });
});

describe("the peer-address stamp on the app's HTTP server", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    installPeerAddressStamp();
    server = http.createServer((req, res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"], ip0: clientIp(headers, 0), ip1: clientIp(headers, 1) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (headers: Record<string, string>) =>
    new Promise<{ xff: string; ip0: string; ip1: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve(JSON.parse(body) as { xff: string; ip0: string; ip1: string }));
        })
        .on("error", reject);
    });

  it("a client-supplied X-Forwarded-For does not change the IP used with 0 trusted hops", async () => {
    const spoofed = await get({ "x-forwarded-for": "6.6.6.6" });
    expect(spoofed.xff).toBe("6.6.6.6, 127.0.0.1");
    expect(spoofed.ip0).toBe("127.0.0.1");
    const plain = await get({});
    expect(plain.ip0).toBe("127.0.0.1");
  });

  it("with 1 trusted hop, the address the proxy (here the peer) appended is used", async () => {
    expect((await get({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" })).ip1).toBe("198.51.100.7");
  });
});

describe("addresses a proxy connects from", () => {
  it.each([
    "10.0.0.5",
    "127.0.0.1",
    "172.16.4.2",
    "172.31.255.1",
    "192.168.1.20",
    "100.64.0.9",
    "169.254.1.1",
    "::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:10.1.2.3",
  ])("%s is private", (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(["8.8.8.8", "172.32.0.1", "192.169.0.1", "100.128.0.1", "2001:db8::1", "unknown", ""])("%s is not", (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
});
