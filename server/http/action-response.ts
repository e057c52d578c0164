// The money-action routes' answer: the action's view (action-view.ts) with 200 when it finished, whatever the
// outcome, or 202 when it waits for approval or for the gateway's confirmation. Never cached.
import "server-only";
import { actionStatus, actionView } from "../services/payments/action-view";
import type { MoneyActionResult } from "../services/payments/money-action";

export function actionResponse(result: MoneyActionResult): Response {
  return Response.json(actionView(result), { status: actionStatus(result), headers: { "Cache-Control": "no-store" } });
}
