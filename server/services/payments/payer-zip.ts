// payer_zip per the gateway profile (#16): the production gateway caps it at 5 characters in some markets, the
// family's reference at 10; GATEWAY_PAYER_ZIP_MAX_LENGTH says which. Refused here with a field error, before any
// ledger row or gateway call, rather than by the gateway after the payment was recorded.
import "server-only";
import { vmsg } from "@/lib/schemas/messages";
import { AppError } from "../../errors";
import type { GatewayProfile } from "../../gateway/profile";
import { CONTRACT_PROFILE } from "../../gateway/profile";

export function checkPayerZip(zip: string | null | undefined, profile: GatewayProfile | undefined): void {
  const max = (profile ?? CONTRACT_PROFILE).payerZipMaxLength;
  if (zip && [...zip].length > max) {
    throw new AppError("invalid_request", "payments.billingAddressNeeded", { zip: [vmsg("address.zipTooLong", { max })] });
  }
}
