// POST /payment/post: one URL, several actions (SALE, CAPTURE, VOID, CREDITVOID, RECURRING_SALE), chosen by the
// `action` field, spelled exactly as the contract does (`sale` is not an action); each in its own content type
// (router.ts).
import type { Ctx, Deps } from "../context";
import { invalidRequest, str, type Fields, type Reply } from "../http-util";
import type { OperationName } from "../types";
import { captureHandler, creditvoidHandler, voidHandler } from "./form-ops";
import { recurringSaleHandler } from "./recurring";
import { saleHandler } from "./sale";

const ACTIONS: Record<string, { op: OperationName; handler: (ctx: Ctx, deps: Deps) => Reply }> = {
  SALE: { op: "sale", handler: saleHandler },
  CAPTURE: { op: "capture", handler: captureHandler },
  VOID: { op: "void", handler: voidHandler },
  CREDITVOID: { op: "creditvoid", handler: creditvoidHandler },
  RECURRING_SALE: { op: "recurring_sale", handler: recurringSaleHandler },
};

function actionOf(fields: Fields) {
  const action = str(fields, "action");
  return action !== undefined && Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
}

/** Operation name of a /payment/post call (for faults and the log), null when the action is unknown. */
export function formOperation(fields: Fields): OperationName | null {
  return actionOf(fields)?.op ?? null;
}

export function formPostHandler(ctx: Ctx, deps: Deps): Reply {
  const action = actionOf(ctx.fields);
  if (!action) {
    return invalidRequest([str(ctx.fields, "action") ? "action: unsupported action" : "action: is required"]);
  }
  return action.handler(ctx, deps);
}
