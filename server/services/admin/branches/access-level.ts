// The gateway's refusal for the API key's access level (contract 5.3): an envelope 403 whose message names the
// level ("Access denied for access level BRANCH"). Shared by the branch search and the partner delete.
import type { ErrorKey, ErrorValues } from "../../../errors";
import type { GatewayError } from "../../../gateway/result";

export function isAccessLevelRefusal(r: GatewayError): boolean {
  return r.httpStatus === 403 || r.code === "403" || r.errorCode === "403";
}

/** "The gateway's API key has the BRANCH access level, which may not <what> (contract 5.3)." */
export function accessLevelMessage(r: GatewayError, what: "search branches" | "delete partners"): readonly [ErrorKey, ErrorValues] {
  const level = /access level ([A-Z_]+)/i.exec(r.message)?.[1]?.toUpperCase();
  const action = what.replace(" ", "_"); // the catalog's select key
  return level ? ["gateway.accessLevel", { level, what: action }] : ["gateway.accessLevelUnknown", { what: action }];
}
