// The payer's IP when staff enter the card (a phone or counter order): the address of the staff member's browser as
// the dashboard sees it (through the trusted proxies), since the card is entered there. The gateway takes IPv4
// (lib/ip-address.ts ipv4Of); without an IPv4 address the payment is refused with a message saying so,
// before anything is stored or sent, and never sent with a made-up address.
import { AppError } from "../../errors";
import { ipv4Of } from "@/lib/ip-address";

export function staffPayerIp(ip: string | null): string {
  const v4 = ipv4Of(ip);
  if (v4 === null) throw new AppError("unprocessable", "payments.payerIpNeedsIpv4");
  return v4;
}
