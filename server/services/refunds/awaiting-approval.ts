// How many held refunds this person could decide now: the badge beside Refunds in the navigation. Only for a holder
// of REFUNDS_APPROVE, and never counting their own requests (they cannot approve those). One small count per page.
import { and, count, eq, ne } from "drizzle-orm";
import type { Principal } from "../../auth/principal";
import type { Db } from "../../db/client";
import { paymentActions } from "../../db/schema";

export async function refundsAwaitingDecision(db: Db, principal: Pick<Principal, "userId" | "permissions">): Promise<number> {
  if (!principal.permissions.has("REFUNDS_APPROVE")) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(paymentActions)
    .where(
      and(
        eq(paymentActions.type, "refund"),
        eq(paymentActions.state, "pending_approval"),
        ne(paymentActions.requestedBy, principal.userId),
      ),
    );
  return row?.n ?? 0;
}
