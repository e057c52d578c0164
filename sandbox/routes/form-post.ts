// POST /payment/post: one URL, several actions (SALE, CAPTURE, VOID, CREDITVOID, RECURRING_SALE), chosen by the
// `action` field, spelled exactly as the contract does (`sale` is not an action), each in the content type the
// contract gives it: SALE multipart/form-data (4.1), CAPTURE, CREDITVOID and the family's VOID urlencoded (4.3, 4.4,
// protocol notes). RECURRING_SALE keeps both urlencoded and JSON on purpose: the contract's field table says JSON and
// its example request urlencoded (4.6), and a gateway that took only one would contradict half of it.
import type { Ctx, Deps } from "../context";
import { invalidRequest, str, type Fields, type Reply } from "../http-util";
import type { OperationName } from "../types";
import type { BodyKind } from "../router";
import { captureHandler, creditvoidHandler, voidHandler } from "./form-ops";
import { recurringSaleHandler } from "./recurring";
import { saleHandler } from "./sale";

const ACTIONS: Record<string, { op: OperationName; handler: (ctx: Ctx, deps: Deps) => Reply; accepts: readonly BodyKind[] }> = {
  SALE: { op: "sale", handler: saleHandler, accepts: ["multipart"] },
  CAPTURE: { op: "capture", handler: captureHandler, accepts: ["urlencoded"] },
  VOID: { op: "void", handler: voidHandler, accepts: ["urlencoded"] },
  CREDITVOID: { op: "creditvoid", handler: creditvoidHandler, accepts: ["urlencoded"] },
  RECURRING_SALE: { op: "recurring_sale", handler: recurringSaleHandler, accepts: ["urlencoded", "json"] },
};

function actionOf(fields: Fields) {
  const action = str(fields, "action");
  return action !== undefined && Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
}

/** The content types a /payment/post call may come in: its action's; an unknown action either form type (it is refused by name). */
export function formAccepts(fields: Fields): readonly BodyKind[] {
  return actionOf(fields)?.accepts ?? ["multipart", "urlencoded"];
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
