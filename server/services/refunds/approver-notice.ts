// A refund held for a second person is no use if nobody knows: in the transaction that holds it, every active user
// who may approve it is mailed (REFUNDS_APPROVE, never the requester, nor anyone the four-eyes rule would refuse:
// a mail they could not act on), in their own language, with a link to the Refunds page. The mail is in the outbox
// exactly when the refund is held.
import type { Principal } from "../../auth/principal";
import { activeHoldersOf } from "../../auth/permission-holders";
import type { Tx } from "../../db/client";
import type { PaymentActionRow, PaymentRow } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";
import { mailPrefsFor, refundApprovalMail } from "../../mail/templates";
import type { ServiceDeps } from "../deps";
import { fourEyesRefusal } from "./four-eyes";

export async function mailRefundApprovers(
  tx: Tx,
  deps: Pick<ServiceDeps, "config" | "now">,
  requester: Pick<Principal, "userId" | "name">,
  payment: Pick<PaymentRow, "orderId">,
  action: Pick<PaymentActionRow, "amountMinor" | "currency" | "reasonCode">,
): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const approver of await activeHoldersOf(tx, "REFUNDS_APPROVE")) {
    const refusal = await fourEyesRefusal(tx, {
      approverId: approver.id,
      requesterId: requester.userId,
      linkDays: deps.config.refunds.fourEyesLinkDays,
      now,
    });
    if (refusal) continue;
    await enqueueMail(
      tx,
      approver.email,
      refundApprovalMail(
        {
          name: approver.name,
          requester: requester.name,
          amount: { minor: action.amountMinor, currency: action.currency },
          orderId: payment.orderId,
          reasonCode: action.reasonCode ?? "other",
          refundsUrl: `${deps.config.appUrl}/refunds`,
        },
        mailPrefsFor(approver),
      ),
    );
    sent++;
  }
  return sent;
}
