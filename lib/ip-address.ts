// IP addresses as the dashboard reads them: the request's client address (server/http/client-ip.ts) and the payer's
// address the gateway takes (payer_ip). Pure and browser-safe.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) reads as "10.0.0.1". */
export function normaliseIp(value: string): string {
  const v = value.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v);
  return mapped ? mapped[1]! : v;
}

/**
 * The IPv4 address an address carries, for payer_ip (the gateway takes IPv4: 4.5 says so, the family's S2S CARD
 * reference writes XXX.XXX.XXX.XXX): an IPv4 address as is, an IPv4-mapped IPv6 one as the address it carries;
 * anything else (IPv6, nothing) has none, and the caller decides (refuse, or send without it), never a made-up one.
 */
export function ipv4Of(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = normaliseIp(ip);
  return IPV4.test(v4) ? v4 : null;
}
