// The shared tail of the money-action route handlers: run the service with the app's dependencies and answer
// with the action's view and status code.
import "server-only";
import { appDeps } from "../app-deps";
import type { ServiceDeps } from "../deps";
import { actionStatus, actionView } from "./action-view";
import type { MoneyActionResult } from "./money-action";

export async function respondWithAction(run: (deps: ServiceDeps) => Promise<MoneyActionResult>): Promise<Response> {
  const result = await run(await appDeps());
  return Response.json(actionView(result), { status: actionStatus(result), headers: { "Cache-Control": "no-store" } });
}
